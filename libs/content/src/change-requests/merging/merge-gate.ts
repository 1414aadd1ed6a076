import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Forbidden } from '@folio/platform/domain/errors';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { FindTeamMembers, GetOrganizationMergeRules } from '@folio/identity/public/merge-governance.query';
import { effectiveMergeRules, evaluateMergeRules, idsNamedBy } from '@folio/content/merge-rules/evaluate-merge-rules';
import { buildMergeRulesContext } from '@folio/content/merge-rules/merge-rules-context';
import { spaceResource } from '@folio/content/spaces/space.resource';
import { CHANGE_REQUEST_REVIEWS, ChangeRequestReviewDoc } from '../change-request.projection';
import { ChangeRequestView, ChangeRequestReads } from '../change-request.reads';
import { changeRequestResource, changeRequestUsers, reviewResource, reviewUsers } from '../change-request.resource';

/**
 * The space's merge rules (or its organization's, for `inherit`) judged for one merger, over the
 * resources as the API would answer them to that merger. A failing rule is a 403 naming it.
 */
@Injectable()
export class MergeGate {
  constructor(
    private readonly reads: ChangeRequestReads,
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async assertMayMerge(view: ChangeRequestView, caller: Caller): Promise<void> {
    const { space, changeRequest } = view;
    const organization = await this.queries.execute(new GetOrganizationMergeRules(space.organizationId));
    const rules = effectiveMergeRules(space.mergeRules, organization ?? { type: 'none' });
    if (rules.type === 'none' || rules.rules.length === 0) return;
    const reviews = await findEvery<ChangeRequestReviewDoc>(this.store, CHANGE_REQUEST_REVIEWS, { changeRequestId: changeRequest.id });
    const users = await this.reads.profiles([...changeRequestUsers(changeRequest), ...reviews.flatMap(reviewUsers), caller.userId]);
    const teams = await this.queries.execute(new FindTeamMembers(space.organizationId, idsNamedBy(rules)));
    const context = buildMergeRulesContext({
      space: spaceResource({ space, role: view.role }, this.config),
      changeRequest: changeRequestResource(changeRequest, space, users, this.config),
      reviews: reviews.map((review) => reviewResource(review, changeRequest, users, this.config)),
      actor: users.get(caller.userId) ?? { id: caller.userId },
      actorRole: view.role,
      teams: new Map(Object.entries(teams).map(([team, members]) => [team, new Set(members)])),
    });
    const verdict = evaluateMergeRules(rules, context);
    if (!verdict.ok) throw new Forbidden(verdict.message);
  }
}
