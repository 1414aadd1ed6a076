import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { EVENT_STORE, EventStore, StoredEvent } from '@folio/platform/event-store/event-store.port';
import { ProcessRunner } from '@folio/platform/processes/process-runner';
import { StoredOf } from '@folio/platform/projections/projection';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { SpaceEvent } from '@folio/content/spaces/space.events';
import { changeRequestDecider } from '../change-request.decider';
import { changeRequestStream } from '../change-request.events';

/** The process's checkpoint name in the read store. */
export const MERGE_COMPLETION = 'merge-completion';

type ContentChanged = StoredOf<SpaceEvent, 'SpaceContentChanged'>;

/**
 * The safety net under the merge handler's second append: once main holds a merge of a change request
 * (SpaceContentChanged naming it), the request must be marked merged. The handler does it at once; should
 * the process die between the two appends, this process, fed from the log with its own checkpoint, does it
 * at the next start. MarkMerged is idempotent, so doing it twice writes nothing the second time. Runs where
 * projections run (the embedded API, the projector), never in the CLI.
 */
@Injectable()
export class MergeCompletion implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MERGE_COMPLETION);
  private runner: ProcessRunner | null = null;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly progress: ProjectionProgress,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async onApplicationBootstrap() {
    if (!(this.progress instanceof ProjectionRunner)) return;
    this.runner = new ProcessRunner(
      this.events,
      this.reads,
      { name: MERGE_COMPLETION, handlers: { SpaceContentChanged: (event) => this.complete(event as unknown as ContentChanged) } },
      { onError: (_name, err) => this.logger.error({ err }, 'marking a merged change request failed; retrying') },
    );
    await this.runner.start();
  }

  async onApplicationShutdown() {
    await this.runner?.stop();
  }

  /** In the name of whoever merged. */
  async complete(event: ContentChanged | (StoredEvent & ContentChanged)): Promise<void> {
    const { changeRequest, revision, spaceId } = event.data;
    if (!changeRequest) return;
    const caller: Caller = { userId: event.metadata.actor, source: 'system', correlationId: event.metadata.correlationId };
    await this.aggregates.handle(
      changeRequestStream(spaceId, changeRequest.number),
      changeRequestDecider,
      { type: 'MarkMerged', revisionMerged: revision.id, mergedBy: event.metadata.actor },
      caller,
    );
  }
}
