import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Conflict } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { BodyInput, commentDocument, DocumentWork, PageDocument } from '@folio/content/public/comment-body';
import { CheckCommentTarget } from '@folio/content/public/comment-target.query';
import { FindMentionableMembers } from '@folio/identity/public/mentionable-members.query';
import { mentionHandles, withMentions } from './comment-mentions';
import { Base, CommentPlaces, located, Place } from './comment-place';
import { CommentViews } from './comment-views';
import { Changes, commentDecider } from './comment.decider';
import { BodyFormat, PostCommentBody, PostReplyBody, UpdateCommentBody } from './comment.dto';
import { CommentBody, commentStream } from './comment.events';

type CommentResource = Awaited<ReturnType<CommentViews['comment']>>;
type ReplyResource = Awaited<ReturnType<CommentViews['reply']>>;

/** A change request that is merged or archived keeps its discussion readable and takes no more of it. */
const CLOSED = ['merged', 'archived'];

/**
 * What comment writes share: the place (404 / rights), the body as a document with its mentions of
 * members resolved, and the thread's stream. The rules themselves are the decider's.
 */
@Injectable()
abstract class CommentWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly places: CommentPlaces,
    protected readonly views: CommentViews,
    protected readonly queries: QueryBus,
    protected readonly documents: DocumentWork,
  ) {}

  protected async body(place: Place, input: BodyInput, field = 'body'): Promise<CommentBody> {
    const document = await commentDocument(input, this.documents, field);
    const handles = mentionHandles(document);
    const members = handles.length === 0 ? new Map() : await this.queries.execute(new FindMentionableMembers(place.organizationId, handles));
    const userIds = new Map([...members].map(([handle, member]) => [handle, member.userId]));
    return withMentions(document, userIds) as PageDocument as unknown as CommentBody;
  }

  protected async changes(place: Place, body: UpdateCommentBody): Promise<Changes> {
    return {
      ...(body.body !== undefined ? { body: await this.body(place, body.body) } : {}),
      ...(body.resolved !== undefined ? { resolved: body.resolved } : {}),
      ...(body.addedReactions !== undefined ? { addedReactions: body.addedReactions } : {}),
      ...(body.removedReactions !== undefined ? { removedReactions: body.removedReactions } : {}),
    };
  }

  protected open(place: Place): void {
    if (place.changeRequestStatus !== null && CLOSED.includes(place.changeRequestStatus)) {
      throw new Conflict(`the change request is ${place.changeRequestStatus}: it takes no new comments`);
    }
  }
}

export class PostComment extends Command<CommentResource> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly input: PostCommentBody,
  ) {
    super();
  }
}

@CommandHandler(PostComment)
export class PostCommentHandler extends CommentWrite implements ICommandHandler<PostComment> {
  async execute({ caller, base, input }: PostComment) {
    const place = await this.places.of(caller, base);
    this.open(place);
    const body = await this.body(place, input.body);
    const { page, node, tableCell } = input;
    const found = await this.queries.execute(new CheckCommentTarget(place.spaceId, place.revision, { page, node, tableCell }));
    const target = {
      ...(found.page !== null ? { page: found.page } : {}),
      ...(node !== undefined ? { node } : {}),
      ...(tableCell !== undefined ? { tableCell: { record: tableCell.record, definition: tableCell.definition } } : {}),
    };
    const commentId = newId();
    const thread = { commentId, organizationId: place.organizationId, spaceId: place.spaceId, changeRequestId: place.changeRequestId };
    await this.aggregates.handle(
      commentStream(commentId),
      commentDecider,
      { type: 'PostComment', thread, revision: place.revision, target, body, actor: caller.userId, rights: place.rights },
      caller,
    );
    return this.views.comment(place, commentId, caller);
  }
}

export class UpdateComment extends Command<CommentResource> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly input: UpdateCommentBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateComment)
export class UpdateCommentHandler extends CommentWrite implements ICommandHandler<UpdateComment> {
  async execute({ caller, base, commentId, input }: UpdateComment) {
    const place = await this.places.of(caller, base);
    const changes = await this.changes(place, input);
    await this.aggregates.handle(
      commentStream(commentId),
      commentDecider,
      { type: 'UpdateComment', ...located(place), changes, actor: caller.userId, rights: place.rights },
      caller,
    );
    return this.views.comment(place, commentId, caller);
  }
}

/** Answers whether a comment was deleted (205) or there was none to delete (204). */
export class DeleteComment extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteComment)
export class DeleteCommentHandler extends CommentWrite implements ICommandHandler<DeleteComment> {
  async execute({ caller, base, commentId }: DeleteComment) {
    const place = await this.places.of(caller, base);
    const { events } = await this.aggregates.handle(
      commentStream(commentId),
      commentDecider,
      { type: 'DeleteComment', ...located(place), actor: caller.userId, rights: place.rights },
      caller,
    );
    return events.length > 0;
  }
}

export class PostReply extends Command<ReplyResource> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly input: PostReplyBody,
    readonly format?: BodyFormat,
  ) {
    super();
  }
}

@CommandHandler(PostReply)
export class PostReplyHandler extends CommentWrite implements ICommandHandler<PostReply> {
  async execute({ caller, base, commentId, input, format }: PostReply) {
    const place = await this.places.of(caller, base);
    this.open(place);
    const body = await this.body(place, input.body);
    const replyId = newId();
    await this.aggregates.handle(
      commentStream(commentId),
      commentDecider,
      { type: 'PostReply', ...located(place), replyId, body, actor: caller.userId, rights: place.rights },
      caller,
    );
    return this.views.reply(place, commentId, replyId, caller, format);
  }
}

export class UpdateReply extends Command<ReplyResource> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly replyId: string,
    readonly input: UpdateCommentBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateReply)
export class UpdateReplyHandler extends CommentWrite implements ICommandHandler<UpdateReply> {
  async execute({ caller, base, commentId, replyId, input }: UpdateReply) {
    const place = await this.places.of(caller, base);
    const changes = await this.changes(place, input);
    await this.aggregates.handle(
      commentStream(commentId),
      commentDecider,
      { type: 'UpdateReply', ...located(place), replyId, changes, actor: caller.userId, rights: place.rights },
      caller,
    );
    return this.views.reply(place, commentId, replyId, caller);
  }
}

/** Answers whether a reply was deleted (205) or there was none to delete (204). */
export class DeleteReply extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly base: Base,
    readonly commentId: string,
    readonly replyId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteReply)
export class DeleteReplyHandler extends CommentWrite implements ICommandHandler<DeleteReply> {
  async execute({ caller, base, commentId, replyId }: DeleteReply) {
    const place = await this.places.of(caller, base);
    const { events } = await this.aggregates.handle(
      commentStream(commentId),
      commentDecider,
      { type: 'DeleteReply', ...located(place), replyId, actor: caller.userId, rights: place.rights },
      caller,
    );
    return events.length > 0;
  }
}

export const commentCommandHandlers = [
  PostCommentHandler,
  UpdateCommentHandler,
  DeleteCommentHandler,
  PostReplyHandler,
  UpdateReplyHandler,
  DeleteReplyHandler,
];
