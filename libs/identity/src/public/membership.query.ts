import { Query } from '@nestjs/cqrs';
import { Role } from '@folio/platform/domain/roles';

export interface Membership {
  role: Role | null;
  /** The teams of the organization the user belongs to. */
  teamIds: string[];
}

/**
 * Another context's question to identity: is this user a member, with which role, in which teams?
 * Null for a non-member. Never older than the read models, so a role change applies to the next request.
 */
export class GetMembership extends Query<Membership | null> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}
