import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { ProcessHost, RunningProcess } from '@folio/platform/processes/process-host';
import { StoredOf } from '@folio/platform/projections/projection';
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
 * at the next start. MarkMerged is idempotent, so doing it twice writes nothing the second time.
 */
@Injectable()
export class MergeCompletion implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: RunningProcess | null = null;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly host: ProcessHost,
  ) {}

  async onApplicationBootstrap() {
    this.running = await this.host.start(
      { name: MERGE_COMPLETION, handlers: { SpaceContentChanged: (event) => this.complete(event as unknown as ContentChanged) } },
      'marking a merged change request failed; retrying',
    );
  }

  async onApplicationShutdown() {
    await this.running?.stop();
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
