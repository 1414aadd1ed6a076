import { Query } from '@nestjs/cqrs';
import { MergeRules } from '@folio/platform/domain/merge-rules';

/** Another context's question to identity: the organization's merge rules (what `inherit` resolves to); null for an unknown organization. */
export class GetOrganizationMergeRules extends Query<MergeRules | null> {
  constructor(readonly organizationId: string) {
    super();
  }
}

/** The members (user ids) of each of these teams of the organization; a team that is not one of its teams is absent. */
export class FindTeamMembers extends Query<Record<string, string[]>> {
  constructor(
    readonly organizationId: string,
    readonly teamIds: string[],
  ) {
    super();
  }
}
