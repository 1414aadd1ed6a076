import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope, ListEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { GetOrganizationMembers } from '@folio/identity/public/organization-members.query';
import { Base, CommentPlaces } from './comment-place';
import { CommentViews } from './comment-views';
import { BodyFormat, ListCommentsQuery, ListRepliesQuery } from './comment.dto';
import { CommentReads } from './comment.reads';

type CommentResource = Awaited<ReturnType<CommentViews['comment']>>;
type ReplyResource = Awaited<ReturnType<CommentViews['reply']>>;

export class GetComment extends Query<CommentResource> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly format?: BodyFormat,
  ) {
    super();
  }
}

@QueryHandler(GetComment)
export class GetCommentHandler implements IQueryHandler<GetComment> {
  constructor(
    private readonly places: CommentPlaces,
    private readonly views: CommentViews,
  ) {}

  async execute({ caller, base, commentId, format }: GetComment) {
    return this.views.comment(await this.places.of(caller, base), commentId, caller, format);
  }
}

/** Newest first unless `order` says otherwise; `status`, `targetPage` and `authors` narrow the list. */
export class ListComments extends Query<ListEnvelope<CommentResource>> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly query: ListCommentsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListComments)
export class ListCommentsHandler implements IQueryHandler<ListComments> {
  constructor(
    private readonly places: CommentPlaces,
    private readonly reads: CommentReads,
    private readonly views: CommentViews,
  ) {}

  async execute({ caller, base, query }: ListComments) {
    const place = await this.places.of(caller, base);
    const { order = 'desc', status = 'all', targetPage, authors, format } = query;
    const page = await this.reads.listComments(place.scope, { order, status, targetPage, authors }, query);
    return listEnvelope(await this.views.comments(place, page.items, caller, format), page.next);
  }
}

export class GetReply extends Query<ReplyResource> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly replyId: string,
    readonly format?: BodyFormat,
  ) {
    super();
  }
}

@QueryHandler(GetReply)
export class GetReplyHandler implements IQueryHandler<GetReply> {
  constructor(
    private readonly places: CommentPlaces,
    private readonly views: CommentViews,
  ) {}

  async execute({ caller, base, commentId, replyId, format }: GetReply) {
    return this.views.reply(await this.places.of(caller, base), commentId, replyId, caller, format);
  }
}

/** Oldest first: a thread reads top to bottom. */
export class ListReplies extends Query<ListEnvelope<ReplyResource>> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly query: ListRepliesQuery,
  ) {
    super();
  }
}

@QueryHandler(ListReplies)
export class ListRepliesHandler implements IQueryHandler<ListReplies> {
  constructor(
    private readonly places: CommentPlaces,
    private readonly reads: CommentReads,
    private readonly views: CommentViews,
  ) {}

  async execute({ caller, base, commentId, query }: ListReplies) {
    const place = await this.places.of(caller, base);
    const comment = await this.reads.comment(place.scope, commentId);
    const page = await this.reads.listReplies(place.scope, commentId, query);
    return listEnvelope(await this.views.replies(place, comment, page.items, caller, query.format), page.next);
  }
}

/** The members who posted comments or replies here, by their first post; those no longer members are left out. */
export class ListCommenters extends Query<ListEnvelope<unknown>> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListCommenters)
export class ListCommentersHandler implements IQueryHandler<ListCommenters> {
  constructor(
    private readonly places: CommentPlaces,
    private readonly reads: CommentReads,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, base, list }: ListCommenters) {
    const place = await this.places.of(caller, base);
    const page = await this.reads.listCommenters(place.scope, list);
    const members = await this.queries.execute(new GetOrganizationMembers(place.organizationId, page.items.map((doc) => doc.userId)));
    return listEnvelope(members, page.next);
  }
}

export const commentQueryHandlers = [GetCommentHandler, ListCommentsHandler, GetReplyHandler, ListRepliesHandler, ListCommentersHandler];
