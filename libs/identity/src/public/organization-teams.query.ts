import { Query } from '@nestjs/cqrs';

/**
 * Another context's question to identity: which of these team ids are teams of the organization now?
 * Answers the subset, in the order given; an unknown id, or a team of another organization, is absent.
 */
export class FindOrganizationTeams extends Query<string[]> {
  constructor(
    readonly organizationId: string,
    readonly teamIds: string[],
  ) {
    super();
  }
}
