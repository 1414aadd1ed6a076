import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { findEvery } from '@folio/platform/read-store/find-every';
import { Filter, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { spacePermissions } from '@folio/identity/public/content-permissions';
import { GetUserProfiles, UserProfile } from '@folio/identity/public/user-profiles.query';
import { SpaceDoc } from '../spaces/space.projection';
import { SpaceReads } from '../spaces/space.reads';
import { ChangeRequestStatus } from './change-request.events';
import {
  CHANGE_REQUEST_CONTRIBUTORS,
  CHANGE_REQUEST_REVIEWERS,
  CHANGE_REQUEST_REVIEWS,
  CHANGE_REQUESTS,
  ChangeRequestContributorDoc,
  ChangeRequestDoc,
  ChangeRequestReviewDoc,
  ChangeRequestReviewerDoc,
} from './change-request.projection';

/** A change request as one caller may see it: the read model's document, its space and the caller's rights there. */
export interface ChangeRequestView {
  changeRequest: ChangeRequestDoc;
  space: SpaceDoc;
  role: Role | null;
  permissions: ReturnType<typeof spacePermissions>;
}

/** Change-request numbers stand in for ids in paths: a number is all digits, an id always has a letter. */
const NUMBER = /^[0-9]{1,15}$/;

/** The filters of the change-request lists; the user filters are user ids. */
export interface ChangeRequestFilters {
  status: ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  /** An issues cluster's id: the requests made for it. */
  conversationsIssuesCluster?: string;
  orderBy: 'updatedAt' | 'createdAt';
}

/**
 * Reads of the change-request read models. `get` is the way in for every change-request route (its
 * own and the content, merge and update routes): 404 for a caller who may not see the space or a
 * request that is not in it, the caller's space permissions otherwise.
 */
@Injectable()
export class ChangeRequestReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly spaces: SpaceReads,
    private readonly queries: QueryBus,
  ) {}

  async get(spaceId: string, idOrNumber: string, caller: Caller): Promise<ChangeRequestView> {
    const view = await this.space(spaceId, caller);
    const changeRequest = await this.find(spaceId, idOrNumber);
    if (!changeRequest) throw new NotFound('change request');
    return { changeRequest, ...view };
  }

  /** The space (404 when the caller may not see it) and the caller's permissions on it. */
  async space(spaceId: string, caller: Caller): Promise<Omit<ChangeRequestView, 'changeRequest'>> {
    const { space, role } = await this.spaces.visible(caller, spaceId);
    return { space, role, permissions: spacePermissions(role) };
  }

  /** The space's request with this id or number, whoever asks. */
  async find(spaceId: string, idOrNumber: string): Promise<ChangeRequestDoc | null> {
    if (NUMBER.test(idOrNumber)) {
      const page = await this.reads.find<ChangeRequestDoc>(CHANGE_REQUESTS, { filter: { spaceId, number: Number(idOrNumber) }, limit: 1 });
      return page.items[0] ?? null;
    }
    const doc = await this.reads.get<ChangeRequestDoc>(CHANGE_REQUESTS, idOrNumber);
    return doc && doc.spaceId === spaceId ? doc : null;
  }

  /** The highest number taken in the space so far (0 for none): the next request tries the one after. */
  async highestNumber(spaceId: string): Promise<number> {
    const page = await this.reads.find<ChangeRequestDoc>(CHANGE_REQUESTS, {
      filter: { spaceId },
      sort: { field: 'number', direction: 'desc' },
      limit: 1,
    });
    return page.items[0]?.number ?? 0;
  }

  /**
   * A page of requests matching `scope` (a space, or an organization's spaces) and the filters. The
   * contributor and requested-reviewer filters go through their own collections first: the request
   * ids they name become an `$in` on the list, so its pages stay keyset pages on the sort key.
   */
  async list(scope: Filter, filters: ChangeRequestFilters, list: ListQuery) {
    const filter: Filter = { ...scope, status: filters.status.length === 1 ? filters.status[0] : { $in: filters.status } };
    if (filters.creator) filter.createdBy = filters.creator;
    if (filters.conversationsIssuesCluster) filter.conversationsIssuesCluster = filters.conversationsIssuesCluster;
    const narrowed = await this.narrowing(filters);
    if (narrowed) filter.id = { $in: narrowed };
    return findPage<ChangeRequestDoc>(this.reads, CHANGE_REQUESTS, { filter, sort: { field: filters.orderBy, direction: 'desc' } }, list);
  }

  reviews(changeRequest: ChangeRequestDoc, outdated: boolean | undefined, list: ListQuery) {
    const filter: Filter = { changeRequestId: changeRequest.id };
    if (outdated !== undefined) filter.revision = outdated ? { $ne: changeRequest.revision } : changeRequest.revision;
    return findPage<ChangeRequestReviewDoc>(this.reads, CHANGE_REQUEST_REVIEWS, { filter, sort: { field: 'createdAt', direction: 'asc' } }, list);
  }

  async review(changeRequestId: string, reviewId: string): Promise<ChangeRequestReviewDoc> {
    const review = await this.reads.get<ChangeRequestReviewDoc>(CHANGE_REQUEST_REVIEWS, reviewId);
    if (!review || review.changeRequestId !== changeRequestId) throw new NotFound('review');
    return review;
  }

  reviewers(changeRequestId: string, list: ListQuery) {
    return findPage<ChangeRequestReviewerDoc>(
      this.reads,
      CHANGE_REQUEST_REVIEWERS,
      { filter: { changeRequestId }, sort: { field: 'createdAt', direction: 'asc' } },
      list,
    );
  }

  /** Every requested reviewer of the request, for the answer of a request for reviewers. */
  allReviewers(changeRequestId: string): Promise<ChangeRequestReviewerDoc[]> {
    return findEvery<ChangeRequestReviewerDoc>(this.reads, CHANGE_REQUEST_REVIEWERS, { changeRequestId });
  }

  contributors(changeRequestId: string, list: ListQuery) {
    return findPage<ChangeRequestContributorDoc>(
      this.reads,
      CHANGE_REQUEST_CONTRIBUTORS,
      { filter: { changeRequestId }, sort: { field: 'updatedAt', direction: 'desc' } },
      list,
    );
  }

  /** The User resources of these users, by id (identity answers; an unknown id is absent). */
  async profiles(userIds: (string | undefined)[]): Promise<Map<string, UserProfile>> {
    const ids = [...new Set(userIds.filter((id): id is string => id !== undefined))];
    const profiles = ids.length ? await this.queries.execute(new GetUserProfiles(ids)) : [];
    return new Map(profiles.map((p) => [p.id, p]));
  }

  /** Request ids the contributor and requested-reviewer filters allow, or undefined when neither is set. */
  private async narrowing(filters: ChangeRequestFilters): Promise<string[] | undefined> {
    let ids: string[] | undefined;
    const keep = (found: string[]) => (ids = ids === undefined ? found : ids.filter((id) => found.includes(id)));
    if (filters.contributor) {
      keep((await findEvery<ChangeRequestContributorDoc>(this.reads, CHANGE_REQUEST_CONTRIBUTORS, { userId: filters.contributor })).map((c) => c.changeRequestId));
    }
    if (filters.requestedReviewer) {
      const requested = await findEvery<ChangeRequestReviewerDoc>(this.reads, CHANGE_REQUEST_REVIEWERS, { kind: 'user', principalId: filters.requestedReviewer });
      keep(requested.map((r) => r.changeRequestId));
    }
    return ids;
  }
}
