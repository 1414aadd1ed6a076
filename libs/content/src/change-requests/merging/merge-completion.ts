import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller, systemCaller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { newEventId } from '@folio/platform/ids';
import { ProcessHost, RunningProcess } from '@folio/platform/processes/process-host';
import { StoredOf } from '@folio/platform/projections/projection';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { spaceDecider } from '@folio/content/spaces/space.decider';
import { SpaceEvent, spaceStream } from '@folio/content/spaces/space.events';
import { changeRequestDecider, MERGE_RELEASE_GRACE_MS, mergeReleasable, MergedHeadMismatch } from '../change-request.decider';
import { changeRequestStream } from '../change-request.events';
import { CHANGE_REQUESTS, ChangeRequestDoc } from '../change-request.projection';

/** The process's checkpoint name in the read store. */
export const MERGE_COMPLETION = 'merge-completion';
/** How often merge marks whose lease ran out are looked for. */
export const RELEASE_EVERY_MS = 30_000;
const RELEASE_BATCH = 100;

type ContentChanged = StoredOf<SpaceEvent, 'SpaceContentChanged'>;

/**
 * The safety net under the merge handler's appends after the first (see MergeChangeRequestHandler):
 * - once main holds a merge of a change request (SpaceContentChanged naming it), the request must be marked
 *   merged at the head main took. The handler does it at once; should the process die between the two
 *   appends, this process, fed from the log with its own checkpoint, does it (idempotent: once);
 * - a request still marked merging whose merge main never took (the process died before the space's append,
 *   or after a failure it could not record) is released once the mark's lease and grace ran out: by then the
 *   space refuses that merge, so releasing it cannot race it. Completing the merge instead would publish to
 *   main, in the name of someone no longer waiting for the answer, content whose merge rules and conflicts
 *   were judged against a main that may have moved since; releasing loses nothing (main did not change, the
 *   request is editable again and is merged again by whoever wants it merged).
 * Marks are found through the change-request read model (`mergeExpiresAt`) every RELEASE_EVERY_MS and at
 * start, in the process that runs processes.
 */
@Injectable()
export class MergeCompletion implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MERGE_COMPLETION);
  private running: RunningProcess | null = null;
  private timer: NodeJS.Timeout | null = null;
  private releasing: Promise<unknown> | null = null;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly host: ProcessHost,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async onApplicationBootstrap() {
    this.running = await this.host.start(
      { name: MERGE_COMPLETION, handlers: { SpaceContentChanged: (event) => this.complete(event as unknown as ContentChanged) } },
      'marking a merged change request failed; retrying',
    );
    if (!this.running) return;
    this.sweep();
    this.timer = setInterval(() => this.sweep(), RELEASE_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.releasing;
    await this.running?.stop();
  }

  /** In the name of whoever merged. */
  async complete(event: ContentChanged | (StoredEvent & ContentChanged)): Promise<void> {
    const { changeRequest, revision, spaceId } = event.data;
    if (!changeRequest) return;
    const caller: Caller = { userId: event.metadata.actor, source: 'system', correlationId: event.metadata.correlationId };
    try {
      await this.aggregates.handle(
        changeRequestStream(spaceId, changeRequest.number),
        changeRequestDecider,
        // A merge revision's parents: main's revision, then the request's head it took.
        { type: 'MarkMerged', revisionMerged: revision.id, head: revision.parents[1], mergedBy: event.metadata.actor },
        caller,
      );
    } catch (error) {
      if (!(error instanceof MergedHeadMismatch)) throw error;
      // Only a log written before merges were fenced holds this: main lacks the request's later edits, so
      // the request stays open with them rather than being marked merged. Retrying would change nothing.
      this.logger.error({ spaceId, changeRequest: changeRequest.number, revision: revision.id }, 'main took an older head of the change request; left open');
    }
  }

  /** Releases every merge mark whose lease and grace ran out and whose merge main does not hold. Answers how many. */
  async releaseExpired(caller: Caller = systemCaller(`merge-release-${newEventId()}`)): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - MERGE_RELEASE_GRACE_MS).toISOString();
    let released = 0;
    for (;;) {
      const page = await this.store.find<ChangeRequestDoc>(CHANGE_REQUESTS, {
        filter: { mergeExpiresAt: { $lte: cutoff } },
        sort: { field: 'mergeExpiresAt', direction: 'asc' },
        limit: RELEASE_BATCH,
      });
      let progressed = false;
      for (const doc of page.items) {
        if (!(await this.release(doc, caller))) continue;
        released++;
        progressed = true;
      }
      // Released marks leave the read model before the next page (the append waits for the projections);
      // a page that released nothing holds only merges main took, which the log marks merged.
      if (!progressed || page.items.length < RELEASE_BATCH) return released;
    }
  }

  private async release(doc: ChangeRequestDoc, caller: Caller): Promise<boolean> {
    const stream = changeRequestStream(doc.spaceId, doc.number);
    const { state } = await this.aggregates.load(stream, changeRequestDecider);
    if (state.status === 'none' || !state.merging || !mergeReleasable(state.merging, this.clock.nowIso())) return false;
    // Main took it: the log brings that SpaceContentChanged to `complete`, which marks the request merged.
    const { state: space } = await this.aggregates.load(spaceStream(doc.spaceId), spaceDecider);
    if (space.status !== 'none' && space.merged.includes(state.changeRequestId)) return false;
    const { events } = await this.aggregates.handle(stream, changeRequestDecider, { type: 'AbandonMerge', mergeId: state.merging.mergeId, reason: 'expired' }, caller);
    return events.length > 0;
  }

  private sweep() {
    if (this.releasing) return;
    this.releasing = this.releaseExpired()
      .then((released) => released && this.logger.log({ released }, 'released merge marks whose merge died'))
      .catch((err) => this.logger.error({ err }, 'releasing expired merge marks failed'))
      .finally(() => (this.releasing = null));
  }
}
