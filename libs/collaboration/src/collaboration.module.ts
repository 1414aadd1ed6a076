import { Module } from '@nestjs/common';
import { DocumentWork } from '@folio/content/public/comment-body';
import { CommentPlaces } from './comments/comment-place';
import { CommentPurgeProcess } from './comments/comment-purge';
import { CommentViews } from './comments/comment-views';
import { commentCommandHandlers } from './comments/comment.commands';
import { ChangeRequestCommentController, SpaceCommentController } from './comments/comment.controller';
import { commentQueryHandlers } from './comments/comment.queries';
import { CommentReads } from './comments/comment.reads';

/**
 * Comments, replies, reactions and commenters: their handlers and reads, and the work of the process that
 * projects (a purged space's comments). Content and identity are asked through their public queries.
 */
@Module({
  providers: [...commentCommandHandlers, ...commentQueryHandlers, CommentReads, CommentPlaces, CommentViews, CommentPurgeProcess, DocumentWork],
})
export class CollaborationModule {}

/** The routes: the API only. */
@Module({
  imports: [CollaborationModule],
  controllers: [SpaceCommentController, ChangeRequestCommentController],
})
export class CollaborationHttpModule {}
