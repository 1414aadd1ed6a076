import { Body, Controller, Delete, Get, HttpCode, Injectable, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { ListQuery } from '@folio/platform/http/pagination';
import { Base } from './comment-place';
import { DeleteComment, DeleteReply, PostComment, PostReply, UpdateComment, UpdateReply } from './comment.commands';
import { FormatQuery, ListCommentsQuery, ListRepliesQuery, PostCommentBody, PostReplyBody, UpdateCommentBody, UpdateReplyBody } from './comment.dto';
import { GetComment, GetReply, ListCommenters, ListComments, ListReplies } from './comment.queries';

const base = (spaceId: string, changeRequestId: string | undefined): Base => ({ spaceId, changeRequest: changeRequestId ?? null });


/**
 * The comment routes, the same under both bases (a space; one of its change requests, by id or number).
 * The subclasses give the base; only a reply's PUT differs (a change request's replies can be resolved).
 * Decorated so that its constructor's parameter types are emitted: the subclasses inherit them.
 */
@Injectable()
abstract class CommentRoutes {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly queries: QueryBus,
  ) {}

  @Get('comments')
  list(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') cr: string | undefined, @Query() query: ListCommentsQuery) {
    return this.queries.execute(new ListComments(caller, base(spaceId, cr), query));
  }

  /** 200 with the comment, as the client's spec has it. */
  @Post('comments')
  @HttpCode(200)
  post(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') cr: string | undefined, @Body() body: PostCommentBody) {
    return this.commands.execute(new PostComment(caller, base(spaceId, cr), body));
  }

  @Get('comments/:commentId')
  get(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Query() query: FormatQuery,
  ) {
    return this.queries.execute(new GetComment(caller, base(spaceId, cr), commentId, query.format));
  }

  @Put('comments/:commentId')
  update(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Body() body: UpdateCommentBody,
  ) {
    return this.commands.execute(new UpdateComment(caller, base(spaceId, cr), commentId, body));
  }

  @Delete('comments/:commentId')
  async delete(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new DeleteComment(caller, base(spaceId, cr), commentId)));
  }

  @Get('comments/:commentId/replies')
  replies(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Query() query: ListRepliesQuery,
  ) {
    return this.queries.execute(new ListReplies(caller, base(spaceId, cr), commentId, query));
  }

  /** 200 with the reply, as the client's spec has it, its body in the `format` asked (the change-request base lists it). */
  @Post('comments/:commentId/replies')
  @HttpCode(200)
  postReply(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Body() body: PostReplyBody,
    @Query() query: FormatQuery,
  ) {
    return this.commands.execute(new PostReply(caller, base(spaceId, cr), commentId, body, query.format));
  }

  @Get('comments/:commentId/replies/:replyId')
  reply(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Param('replyId') replyId: string,
    @Query() query: FormatQuery,
  ) {
    return this.queries.execute(new GetReply(caller, base(spaceId, cr), commentId, replyId, query.format));
  }

  @Delete('comments/:commentId/replies/:replyId')
  async deleteReply(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') cr: string | undefined,
    @Param('commentId') commentId: string,
    @Param('replyId') replyId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new DeleteReply(caller, base(spaceId, cr), commentId, replyId)));
  }

  @Get('commenters')
  commenters(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') cr: string | undefined, @Query() list: ListQuery) {
    return this.queries.execute(new ListCommenters(caller, base(spaceId, cr), list));
  }
}

@Controller('spaces/:spaceId')
export class SpaceCommentController extends CommentRoutes {
  /** A space's replies are not resolved on their own: their body takes no `resolved`. */
  @Put('comments/:commentId/replies/:replyId')
  updateReply(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('commentId') commentId: string,
    @Param('replyId') replyId: string,
    @Body() body: UpdateReplyBody,
  ) {
    return this.commands.execute(new UpdateReply(caller, base(spaceId, undefined), commentId, replyId, body));
  }
}

@Controller('spaces/:spaceId/change-requests/:changeRequestId')
export class ChangeRequestCommentController extends CommentRoutes {
  @Put('comments/:commentId/replies/:replyId')
  updateReply(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Param('commentId') commentId: string,
    @Param('replyId') replyId: string,
    @Body() body: UpdateCommentBody,
  ) {
    return this.commands.execute(new UpdateReply(caller, base(spaceId, changeRequestId), commentId, replyId, body));
  }
}
