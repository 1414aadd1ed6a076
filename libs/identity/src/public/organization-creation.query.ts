import { Query } from '@nestjs/cqrs';

/** When an organization was created, and by whom. */
export interface OrganizationCreation {
  createdAt: string;
  createdBy: string;
}

/** Another context's question to identity: the creation of organization `organizationId`; null when there is none. */
export class GetOrganizationCreation extends Query<OrganizationCreation | null> {
  constructor(readonly organizationId: string) {
    super();
  }
}
