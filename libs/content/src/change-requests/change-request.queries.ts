import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { ContentAccess } from '../access/content-access';
import { SpaceDoc } from '../spaces/space.projection';
import { SpaceReads } from '../spaces/space.reads';
import { ChangeRequestDoc } from './change-request.projection';
import { ChangeRequestFilters, ChangeRequestReads } from './change-request.reads';
import {
  ChangeRequestResource,
  changeRequestResource,
  changeRequestUsers,
  contributorResource,
  requestedReviewerResource,
  reviewerUsers,
  reviewResource,
  reviewUsers,
} from './change-request.resource';

export type ListFilters = Partial<Omit<ChangeRequestFilters, 'status'>> & { status?: ChangeRequestFilters['status'] };

/** The lists' defaults: open requests, most recently updated first (the client spec's). */
const withDefaults = (filters: ListFilters): ChangeRequestFilters => ({
  ...filters,
  status: filters.status?.length ? filters.status : ['open'],
  orderBy: filters.orderBy ?? 'updatedAt',
});

async function presentAll(reads: ChangeRequestReads, config: FolioConfig, docs: ChangeRequestDoc[], spaces: Map<string, SpaceDoc>) {
  const users = await reads.profiles(docs.flatMap(changeRequestUsers));
  return docs.map((doc) => changeRequestResource(doc, spaces.get(doc.spaceId)!, users, config));
}

export class GetChangeRequest extends Query<ChangeRequestResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
  ) {
    super();
  }
}

@QueryHandler(GetChangeRequest)
export class GetChangeRequestHandler implements IQueryHandler<GetChangeRequest> {
  constructor(
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId }: GetChangeRequest) {
    const { changeRequest, space } = await this.reads.get(spaceId, changeRequestId, caller);
    return changeRequestResource(changeRequest, space, await this.reads.profiles(changeRequestUsers(changeRequest)), this.config);
  }
}

export class ListSpaceChangeRequests extends Query<ListEnvelope<ChangeRequestResource>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly filters: ListFilters,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSpaceChangeRequests)
export class ListSpaceChangeRequestsHandler implements IQueryHandler<ListSpaceChangeRequests> {
  constructor(
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, filters, list }: ListSpaceChangeRequests) {
    const { space } = await this.reads.space(spaceId, caller);
    const page = await this.reads.list({ spaceId }, withDefaults(filters), list);
    return listEnvelope(await presentAll(this.reads, this.config, page.items, new Map([[space.id, space]])), page.next);
  }
}

export class ListOrganizationChangeRequests extends Query<ListEnvelope<ChangeRequestResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly filters: ListFilters & { space?: string },
    readonly list: ListQuery,
  ) {
    super();
  }
}

/**
 * The organization's requests in the spaces the caller may read (404 for a non-member). The readable
 * spaces become an `$in` on the list, so every page is a full keyset page of what the caller may see.
 */
@QueryHandler(ListOrganizationChangeRequests)
export class ListOrganizationChangeRequestsHandler implements IQueryHandler<ListOrganizationChangeRequests> {
  constructor(
    private readonly reads: ChangeRequestReads,
    private readonly spaces: SpaceReads,
    private readonly access: ContentAccess,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, filters, list }: ListOrganizationChangeRequests) {
    await this.access.organizationRole(caller, organizationId);
    const { space: only, ...rest } = filters;
    const live = await this.spaces.all({ organizationId, deletedAt: null, ...(only ? { id: only } : {}) });
    const readable = new Map((await this.spaces.visibleAmong(caller, live)).map(({ space }) => [space.id, space]));
    if (readable.size === 0) return listEnvelope([]);
    const page = await this.reads.list({ organizationId, spaceId: { $in: [...readable.keys()] } }, withDefaults(rest), list);
    return listEnvelope(await presentAll(this.reads, this.config, page.items, readable), page.next);
  }
}

export class ListReviews extends Query<ListEnvelope<ReturnType<typeof reviewResource>>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly outdated: boolean | undefined,
    readonly format: 'document' | 'markdown' | undefined,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListReviews)
export class ListReviewsHandler implements IQueryHandler<ListReviews> {
  constructor(
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, outdated, format, list }: ListReviews) {
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const page = await this.reads.reviews(changeRequest, outdated, list);
    const users = await this.reads.profiles(page.items.flatMap(reviewUsers));
    return listEnvelope(
      page.items.map((review) => reviewResource(review, changeRequest, users, this.config, format)),
      page.next,
    );
  }
}

export class GetReview extends Query<ReturnType<typeof reviewResource>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly reviewId: string,
    readonly format: 'document' | 'markdown' | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetReview)
export class GetReviewHandler implements IQueryHandler<GetReview> {
  constructor(
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, reviewId, format }: GetReview) {
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const review = await this.reads.review(changeRequest.id, reviewId);
    return reviewResource(review, changeRequest, await this.reads.profiles(reviewUsers(review)), this.config, format);
  }
}

export class ListRequestedReviewers extends Query<ListEnvelope<ReturnType<typeof requestedReviewerResource>>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListRequestedReviewers)
export class ListRequestedReviewersHandler implements IQueryHandler<ListRequestedReviewers> {
  constructor(
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, list }: ListRequestedReviewers) {
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const page = await this.reads.reviewers(changeRequest.id, list);
    const users = await this.reads.profiles(page.items.flatMap(reviewerUsers));
    return listEnvelope(
      page.items.map((doc) => requestedReviewerResource(doc, users, this.config)),
      page.next,
    );
  }
}

export class ListContributors extends Query<ListEnvelope<ReturnType<typeof contributorResource>>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

/** Who edited the request's content, most recent first. */
@QueryHandler(ListContributors)
export class ListContributorsHandler implements IQueryHandler<ListContributors> {
  constructor(
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, list }: ListContributors) {
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const page = await this.reads.contributors(changeRequest.id, list);
    const users = await this.reads.profiles(page.items.map((doc) => doc.userId));
    return listEnvelope(
      page.items.map((doc) => contributorResource(doc, users, this.config)),
      page.next,
    );
  }
}
