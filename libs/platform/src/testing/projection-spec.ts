import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainEvent } from '../domain/decider';
import { AppendResult, comparePositions, EventMetadata, EventStore, StoredEvent } from '../event-store/event-store.port';
import { ContentObjectStore } from '../object-store/content-object-store.port';
import { SqliteObjectStore } from '../object-store/sqlite/sqlite-object-store';
import { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { rebuildProjections } from '../projections/rebuild';
import { findEvery } from '../read-store/find-every';
import { Doc, FindQuery, ReadStore } from '../read-store/read-store.port';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';

/** How a given event was stored, where a test cares; every field left out gets its default. */
export interface StoredAs {
  stream?: string;
  revision?: bigint;
  position?: string;
  eventId?: string;
  metadata?: Partial<EventMetadata>;
}

/** A domain event with the storage details a test sets itself (`stored(event, { ... })`). */
export interface GivenStored<E extends DomainEvent> {
  event: E;
  as: StoredAs;
}

export type Given<E extends DomainEvent> = E | GivenStored<E>;

export const stored = <E extends DomainEvent>(event: E, as: StoredAs): GivenStored<E> => ({ event, as });

/** The metadata every given event carries unless the test says otherwise. */
export const GIVEN_METADATA: EventMetadata = {
  actor: 'actor1',
  source: 'api',
  correlationId: 'request1',
  causationId: 'request1',
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
};

/** UUID-shaped and predictable, so a test can name the document an event id keys. */
export const givenEventId = (position: string) => `00000000-0000-4000-8000-${position.padStart(12, '0')}`;

/** The stream of events the spec does not place: one aggregate's history, as most specs give. */
const DEFAULT_STREAM = 'given-1';

/**
 * Turns given events into the log the store would hold: positions count up from 1 after the previous
 * event, revisions count up per stream, the stream comes from `streamOf` (or one default stream).
 */
export function storedEvents<E extends DomainEvent>(given: Given<E>[], streamOf?: (event: E) => string): StoredEvent[] {
  const revisions = new Map<string, bigint>();
  let previous: string | null = null;
  return given.map((g) => {
    const { event, as } = 'as' in g ? g : { event: g, as: {} as StoredAs };
    const position = as.position ?? String(BigInt(previous ?? '0') + 1n);
    if (BigInt(position) <= 0n || comparePositions(position, previous) <= 0) {
      throw new Error(`given event ${event.type} at position ${position}: positions must rise from 1`);
    }
    const stream = as.stream ?? streamOf?.(event) ?? DEFAULT_STREAM;
    const revision = as.revision ?? revisions.get(stream) ?? 0n;
    revisions.set(stream, revision + 1n);
    previous = position;
    return {
      eventId: as.eventId ?? givenEventId(position),
      type: event.type,
      data: event.data,
      metadata: { ...GIVEN_METADATA, ...as.metadata },
      stream,
      revision,
      position,
    };
  });
}

/** The given log, read-only: what the runner reads from, in place of an event store. */
export class GivenLog implements EventStore {
  constructor(private readonly events: StoredEvent[]) {}

  async append(): Promise<AppendResult> {
    throw new Error('a projection spec only reads its given events');
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    return this.events.filter((e) => e.stream === stream);
  }

  async readStreamAfter(stream: string, revision: bigint): Promise<StoredEvent[]> {
    return this.events.filter((e) => e.stream === stream && e.revision > revision);
  }

  async readAll(after: string | null, limit: number): Promise<StoredEvent[]> {
    return this.events.filter((e) => comparePositions(e.position, after) > 0).slice(0, limit);
  }

  async headPosition(): Promise<string | null> {
    return this.events.at(-1)?.position ?? null;
  }

  onAppended(): () => void {
    return () => undefined;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}

type Documents = Record<string, Doc[]>;

const byId = (a: Doc, b: Doc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Given events / then documents, for projections, in the style of `deciderSpec`:
 *
 *   const spec = projectionSpec<TeamEvent>(teamProjection, { stream: (e) => teamStream(e.data.teamId) });
 *   it('renames', () => spec.given([created, renamed]).thenDocument(TEAMS, 't1', { ... }));
 *
 * Every check projects the events afresh through the real runner (one event per batch, as they arrive
 * live) into a real SQLite read store in a temporary directory, then removes it.
 */
export function projectionSpec<E extends DomainEvent>(
  projection: Projection,
  options: {
    stream?: (event: E) => string;
    /** The content objects the events name (a projection that reads documents); else an empty store. */
    objects?: () => ContentObjectStore;
  } = {},
) {
  const documents = async (reads: ReadStore): Promise<Documents> => {
    const out: Documents = {};
    for (const { name } of projection.collections) out[name] = await findEvery(reads, name, {});
    return out;
  };

  return {
    given(given: Given<E>[]) {
      const events = storedEvents(given, options.stream);
      const log = new GivenLog(events);
      const head = events.at(-1)?.position ?? null;

      /** Projects the events into a fresh store, runs `check` on it, and always cleans up. */
      const projected = async (check: (reads: SqliteReadStore, objects: ContentObjectStore) => Promise<void>) => {
        const dir = mkdtempSync(join(tmpdir(), 'folio-projection-spec-'));
        const reads = new SqliteReadStore(join(dir, 'read.db'));
        const objects = options.objects?.() ?? new SqliteObjectStore(join(dir, 'objects.db'));
        try {
          await new ProjectionRunner(log, reads, [projection], { batchSize: 1, objects }).catchUp();
          expect(await reads.checkpoint(projection.name)).toBe(head);
          await check(reads, objects);
        } finally {
          if (!options.objects) await objects.close();
          await reads.close();
          rmSync(dir, { recursive: true, force: true });
        }
      };

      return {
        /** Every document of `collection`, in any order. */
        then(collection: string, expected: Doc[]) {
          // Guards against the object being awaited by mistake: it is not a promise.
          if (typeof collection !== 'string') throw new Error('projectionSpec: call then(collection, documents)');
          return projected(async (reads) => {
            expect(await findEvery(reads, collection, {})).toEqual([...expected].sort(byId));
          });
        },

        /** Every document of each listed collection, in any order. */
        thenCollections(expected: Documents) {
          return projected(async (reads) => {
            const actual: Documents = {};
            for (const name of Object.keys(expected)) actual[name] = await findEvery(reads, name, {});
            const sorted = Object.fromEntries(Object.entries(expected).map(([name, docs]) => [name, [...docs].sort(byId)]));
            expect(actual).toEqual(sorted);
          });
        },

        thenDocument(collection: string, id: string, expected: Doc) {
          return projected(async (reads) => {
            expect(await reads.get(collection, id)).toEqual(expected);
          });
        },

        /** The ids a query answers, in its order: for the filters and sort keys the queries rely on. */
        thenFinds(collection: string, query: Omit<FindQuery, 'limit'>, ids: string[]) {
          return projected(async (reads) => {
            const page = await reads.find(collection, { ...query, limit: 1000 });
            expect(page.items.map((d) => d.id)).toEqual(ids);
          });
        },

        /** The ids a query answers page by page (`limit` each, every page after the previous one's `next`), to the last page. */
        thenPages(collection: string, query: Omit<FindQuery, 'limit' | 'after'>, limit: number, pages: string[][]) {
          return projected(async (reads) => {
            const answered: string[][] = [];
            let after: FindQuery['after'];
            do {
              const page = await reads.find(collection, { ...query, limit, after });
              answered.push(page.items.map((d) => d.id));
              after = page.next;
            } while (after && answered.length <= pages.length);
            expect(answered).toEqual(pages);
          });
        },

        /** No document `id` in `collection`, or no document at all when `id` is left out. */
        thenNone(collection: string, id?: string) {
          return projected(async (reads) => {
            if (id === undefined) expect(await findEvery(reads, collection, {})).toEqual([]);
            else expect(await reads.get(collection, id)).toBeNull();
          });
        },

        /**
         * Replaying any tail of the events over their own effects changes nothing: what happens when a
         * batch's effects committed but its checkpoint did not (an adapter without transactions). The
         * checkpoint is moved back before each event in turn, from the last, and the runner catches up.
         */
        thenIdempotent() {
          return projected(async (reads, objects) => {
            const once = await documents(reads);
            for (let from = events.length - 1; from >= 0; from--) {
              const before = from === 0 ? '0' : events[from - 1].position;
              await reads.transaction(projection.name, before, async () => undefined);
              await new ProjectionRunner(log, reads, [projection], { objects }).catchUp();
              expect({ replayedFrom: events[from].type, documents: await documents(reads) }).toEqual({
                replayedFrom: events[from].type,
                documents: once,
              });
            }
          });
        },

        /**
         * Rebuilding from scratch (`rebuildProjections`: fresh collections, one big batch, swapped in)
         * gives the documents the live runner built. Refuses to pass over no documents at all.
         */
        thenRebuildsIdentically() {
          return projected(async (reads, objects) => {
            const live = await documents(reads);
            if (Object.values(live).every((docs) => docs.length === 0)) throw new Error('a rebuild check over no documents proves nothing');
            const result = await rebuildProjections(log, reads, [projection], objects);
            expect(result.events).toBe(events.length);
            expect(await documents(reads)).toEqual(live);
            expect(await reads.checkpoint(projection.name)).toBe(head);
          });
        },
      };
    },
  };
}
