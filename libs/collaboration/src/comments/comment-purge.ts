import { Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { commentDecider } from './comment.decider';
import { commentStream } from './comment.events';
import { CommentReads } from './comment.reads';

export const COMMENT_PURGE = 'collaboration-comment-purge';

/** Comments purged per read of the space's remaining ones. */
const BATCH = 200;

/**
 * A purged space takes its comments along. Content's `SpacePurged` (named here by its type and the one
 * field read, as the house rules allow: shipped event types are never renamed) feeds this process
 * manager, which appends `CommentDeleted` (reason `space-purged`) to each comment's own stream: content's
 * streams are never written by collaboration. Its checkpoint moves past the event once every comment is
 * gone, so a crash part-way resumes with those left; a comment already purged answers no event.
 */
@Injectable()
export class CommentPurgeProcess extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: CommentReads,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    super(host, progress, COMMENT_PURGE);
  }

  protected reactions() {
    return { SpacePurged: (event: StoredEvent, caller: Caller) => this.purge(String(event.data.spaceId), caller) };
  }

  private async purge(spaceId: string, caller: Caller): Promise<void> {
    for (let ids = await this.reads.commentIdsInSpace(spaceId, BATCH); ids.length > 0; ids = await this.reads.commentIdsInSpace(spaceId, BATCH)) {
      for (const commentId of ids) {
        await this.aggregates.handle(commentStream(commentId), commentDecider, { type: 'PurgeComment', actor: caller.userId }, caller);
      }
    }
  }
}
