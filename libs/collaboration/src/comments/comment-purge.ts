import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { ProcessHost, RunningProcess } from '@folio/platform/processes/process-host';
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
export class CommentPurgeProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: RunningProcess | null = null;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: CommentReads,
    private readonly progress: ProjectionProgress,
    private readonly host: ProcessHost,
  ) {}

  async onApplicationBootstrap() {
    this.running = await this.host.start({ name: COMMENT_PURGE, handlers: { SpacePurged: (event) => this.purge(event) } }, 'comment purge failed; retrying');
  }

  async onApplicationShutdown() {
    await this.running?.stop();
  }

  async purge(event: StoredEvent): Promise<void> {
    // The comments are read from the read models: they must show everything before the purge.
    if (!(await this.progress.waitFor(event.position))) throw new Error(`projections have not reached ${event.position} yet`);
    const spaceId = String(event.data.spaceId);
    const caller = systemCaller(event.metadata.correlationId);
    for (let ids = await this.reads.commentIdsInSpace(spaceId, BATCH); ids.length > 0; ids = await this.reads.commentIdsInSpace(spaceId, BATCH)) {
      for (const commentId of ids) {
        await this.aggregates.handle(commentStream(commentId), commentDecider, { type: 'PurgeComment', actor: caller.userId }, caller);
      }
    }
  }
}
