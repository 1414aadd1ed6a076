import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '../auth/caller';
import { Clock } from '../clock';
import { FolioConfig } from '../config/config';
import { CONFIG } from '../config/config.token';
import { Decider, DomainEvent } from '../domain/decider';
import { Conflict, PreconditionFailed } from '../domain/errors';
import {
  EVENT_STORE,
  EventStore,
  ExpectedRevision,
  NewEvent,
  WrongExpectedRevision,
} from '../event-store/event-store.port';
import { newEventId } from '../ids';
import { ProjectionProgress } from '../projections/projection-progress';
import { AggregateStateCache } from './aggregate-state-cache';

/** Schema version written into every event's metadata; bumped when an upcaster is added. */
const SCHEMA_VERSION = 1;
/** Re-load and re-decide this many times when another writer appended to the stream first. */
const MAX_ATTEMPTS = 5;

/** A command as handlers write it; the clock adds `now` when it is decided. */
export type WithoutNow<C> = C extends unknown ? Omit<C, 'now'> : never;

export interface HandleOptions {
  /** The revision the caller last saw (from `If-Match`); a mismatch is a precondition failure. */
  ifMatch?: bigint;
}

export interface Handled<E, S> {
  events: E[];
  /** The state after the new events. */
  state: S;
  /** The stream's revision afterwards (-1 for a stream that still does not exist). */
  revision: bigint;
  /** Global position of the append, or null when nothing was written. */
  position: string | null;
}

/**
 * The write side's one path to the store: load a stream, decide, append at the revision decided on,
 * retry on a concurrent writer (re-deciding, so a 409 only comes from the decider itself), then wait
 * until the projections have applied the append, so the caller's next read sees it.
 *
 * States are cached per stream and decider (`AGGREGATE_CACHE_SIZE` of them): a load reads only the events
 * after the cached revision, so what other processes appended (the CLI, other API replicas) is always
 * folded in, and the expected-revision check on append still decides every race.
 */
@Injectable()
export class Aggregates {
  private readonly cache: AggregateStateCache;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly progress: ProjectionProgress,
    private readonly clock: Clock,
    @Inject(CONFIG) config: Pick<FolioConfig, 'aggregateCacheSize'>,
  ) {
    this.cache = new AggregateStateCache(config.aggregateCacheSize);
  }

  async handle<C, E extends DomainEvent, S>(
    stream: string,
    decider: Decider<C, E, S>,
    command: WithoutNow<C>,
    caller: Caller,
    options: HandleOptions = {},
  ): Promise<Handled<E, S>> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(stream, decider);
      if (options.ifMatch !== undefined && options.ifMatch !== revision) {
        throw new PreconditionFailed(`the resource changed: its revision is ${revision}, not ${options.ifMatch}`);
      }
      const events = decider.decide({ ...command, now: this.clock.nowIso() } as C, state);
      if (events.length === 0) return { events, state, revision, position: null };
      try {
        const expected: ExpectedRevision = revision < 0n ? 'no-stream' : revision;
        const result = await this.store.append(stream, events.map((e) => this.envelope(e, caller)), expected);
        const next = events.map(asStored).reduce(decider.evolve, state);
        this.cache.remember(stream, decider, next, result.nextRevision);
        await this.progress.waitFor(result.position);
        return { events, state: next, revision: result.nextRevision, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
        this.afterRefusal(stream, decider, error);
        if (attempt >= MAX_ATTEMPTS) throw new Conflict(`${stream} is being changed by others; try again`);
      }
    }
  }

  async load<S, E extends DomainEvent>(
    stream: string,
    decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
  ): Promise<{ state: S; revision: bigint }> {
    const held = this.cache.get<S>(stream, decider);
    const newer = await this.store.readStreamAfter(stream, held?.revision ?? -1n);
    if (newer.length === 0) return held ?? { state: decider.initialState, revision: -1n };
    const state = newer.reduce((s, e) => decider.evolve(s, e as unknown as E), held?.state ?? decider.initialState);
    return this.cache.remember(stream, decider, state, newer[newer.length - 1].revision);
  }

  /**
   * A refused append means the stream moved past the state decided on: that state is still true at its
   * revision, and the next load folds in what the others appended. A stream found shorter than the state
   * held (an event store restored from a backup) drops it, so the next load reads the stream whole.
   */
  private afterRefusal(stream: string, decider: object, refusal: WrongExpectedRevision): void {
    const held = this.cache.get(stream, decider);
    if (held && !(typeof refusal.actual === 'bigint' && refusal.actual > held.revision)) this.cache.forget(stream, decider);
  }

  private envelope(event: DomainEvent, caller: Caller): NewEvent {
    return {
      eventId: newEventId(),
      type: event.type,
      data: event.data,
      metadata: {
        actor: caller.userId,
        source: caller.source,
        correlationId: caller.correlationId,
        causationId: caller.correlationId,
        occurredAt: this.clock.nowIso(),
        schemaVersion: SCHEMA_VERSION,
      },
    };
  }
}

/**
 * A decided event as a load reads it back from the store (its data through JSON), so the state cached after
 * an append is the very state a load would fold, and holds nothing the caller's events still point at.
 */
function asStored<E extends DomainEvent>(event: E): E {
  return { ...event, data: JSON.parse(JSON.stringify(event.data)) };
}
