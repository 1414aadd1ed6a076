import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { ProcessHost, RunningProcess } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { collectionDecider } from '../collections/collection.decider';
import { CollectionEvent, collectionStream } from '../collections/collection.events';
import { COLLECTIONS, CollectionDoc } from '../collections/collection.projection';
import { spaceDecider } from '../spaces/space.decider';
import { spaceStream } from '../spaces/space.events';
import { SPACES, SpaceDoc } from '../spaces/space.projection';

/** The events that carry a collection's fate down to what it contains. */
export type CascadingEvent = Extract<CollectionEvent, { type: 'CollectionDeleted' | 'CollectionTransferred' }>;

const CASCADING: CascadingEvent['type'][] = ['CollectionDeleted', 'CollectionTransferred'];

/**
 * A deleted or transferred collection takes its direct children along (sub-collections, and spaces),
 * one append per child stream, each carrying `cascadeFrom`: the collection the user acted on. A
 * sub-collection's own event then carries it one level further down. Running a step again writes
 * nothing: children already deleted or transferred are not listed, and their deciders answer no
 * events for a cascade that already reached them.
 */
@Injectable()
export class CollectionCascade {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /**
   * The whole subtree below `event`, level by level: what the command handlers run before they answer,
   * so the caller's next read sees everything gone (or moved).
   */
  async complete(event: CascadingEvent, caller: Caller): Promise<void> {
    let level = [event];
    while (level.length > 0) {
      const next: CascadingEvent[] = [];
      for (const parent of level) next.push(...(await this.step(parent, caller)));
      level = next;
    }
  }

  /** The direct children's share of `event`; answers the sub-collections' events, for the next level. */
  async step(event: CascadingEvent, caller: Caller): Promise<CascadingEvent[]> {
    return event.type === 'CollectionDeleted' ? this.deleteChildren(event.data, caller) : this.transferChildren(event.data, caller);
  }

  /** Live children go to the bin; spaces already there keep their own deletion time. */
  private async deleteChildren(data: Extract<CascadingEvent, { type: 'CollectionDeleted' }>['data'], caller: Caller) {
    const cascadeFrom = data.cascadeFrom ?? data.collectionId;
    const scope = { parent: data.collectionId, deletedAt: null };
    const next: CascadingEvent[] = [];
    for (const child of await findEvery<CollectionDoc>(this.reads, COLLECTIONS, scope)) {
      const { events } = await this.aggregates.handle(collectionStream(child.id), collectionDecider, { type: 'DeleteCollection', cascadeFrom }, caller);
      next.push(...events.filter(cascading));
    }
    for (const space of await findEvery<SpaceDoc>(this.reads, SPACES, scope)) {
      await this.aggregates.handle(spaceStream(space.id), spaceDecider, { type: 'DeleteSpace', cascadeFrom }, caller);
    }
    return next;
  }

  /**
   * Children still in the old organization follow, keeping their place under the collection: live
   * sub-collections, and spaces live or in the bin. A collection transferred again since (back, or on)
   * is left to that later event's cascade.
   */
  private async transferChildren(data: Extract<CascadingEvent, { type: 'CollectionTransferred' }>['data'], caller: Caller) {
    const collection = await this.reads.get<CollectionDoc>(COLLECTIONS, data.collectionId);
    if (!collection || collection.organizationId !== data.organizationId) return [];
    const { organizationId } = data;
    const cascadeFrom = data.cascadeFrom ?? data.collectionId;
    const scope = { parent: data.collectionId, organizationId: data.previousOrganizationId };
    const next: CascadingEvent[] = [];
    for (const child of await findEvery<CollectionDoc>(this.reads, COLLECTIONS, { ...scope, deletedAt: null })) {
      const { events } = await this.aggregates.handle(
        collectionStream(child.id),
        collectionDecider,
        { type: 'TransferCollection', organizationId, parent: child.parent, position: child.position, cascadeFrom },
        caller,
      );
      next.push(...events.filter(cascading));
    }
    for (const space of await findEvery<SpaceDoc>(this.reads, SPACES, scope)) {
      await this.aggregates.handle(
        spaceStream(space.id),
        spaceDecider,
        { type: 'TransferSpace', organizationId, parent: space.parent, position: space.position, cascadeFrom },
        caller,
      );
    }
    return next;
  }
}

function cascading(event: CollectionEvent): event is CascadingEvent {
  return (CASCADING as string[]).includes(event.type);
}

/** The process's checkpoint name in the read store. */
export const COLLECTION_CASCADE = 'collection-cascade';

/**
 * The safety net under the handlers' inline cascades: fed from the log with its own checkpoint, it
 * runs each CollectionDeleted / CollectionTransferred's step, so a cascade the handler did not finish
 * (a crash between two appends) is finished at the next start. Its checkpoint moves past an event only
 * once that event's step is done; the children's events come later in the log and take the next
 * level. Runs where projections run (the embedded API, the projector), never in the CLI.
 */
@Injectable()
export class CollectionCascadeProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: RunningProcess | null = null;

  constructor(
    private readonly cascade: CollectionCascade,
    private readonly progress: ProjectionProgress,
    private readonly host: ProcessHost,
  ) {}

  async onApplicationBootstrap() {
    const react = (event: StoredEvent) => this.react(event as StoredEvent & CascadingEvent);
    this.running = await this.host.start(
      { name: COLLECTION_CASCADE, handlers: Object.fromEntries(CASCADING.map((type) => [type, react])) },
      'collection cascade failed; retrying',
    );
  }

  async onApplicationShutdown() {
    await this.running?.stop();
  }

  /** In the name of whoever acted on the collection, once the read models show that event. */
  private async react(event: StoredEvent & CascadingEvent) {
    // The children are read from the read models: they must show this event (and what came before it).
    if (!(await this.progress.waitFor(event.position))) throw new Error(`projections have not reached ${event.position} yet`);
    const caller: Caller = { userId: event.metadata.actor, source: 'system', correlationId: event.metadata.correlationId };
    await this.cascade.step(event, caller);
  }
}
