import { deepFreeze } from '../caching/deep-freeze';
import { LruCache } from '../caching/lru-cache';

/** A stream's state as one decider folded it, and the revision of the last event folded in. */
export interface CachedState<S> {
  readonly state: S;
  readonly revision: bigint;
}

/**
 * The states the write side decided on, per stream and decider, least recently used evicted first. An
 * entry is a snapshot at a revision: streams are append-only, so it stays true, and a load only has to
 * fold in the events after it (which is how writes by other processes are always seen).
 *
 * Deciders are told apart by object identity: two deciders of one stream fold it into different states,
 * so they never share an entry. States are deep-frozen: every later command on the stream starts from the
 * same object, and a decide or evolve that changed it in place would corrupt them all (it throws instead;
 * the deciders spread).
 */
export class AggregateStateCache {
  private readonly entries: LruCache<string, CachedState<unknown>>;
  private readonly deciderIds = new WeakMap<object, number>();
  private nextDeciderId = 0;

  constructor(capacity: number) {
    this.entries = new LruCache(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  get<S>(stream: string, decider: object): CachedState<S> | undefined {
    return this.entries.get(this.key(stream, decider)) as CachedState<S> | undefined;
  }

  /**
   * Keeps `state` at `revision` unless a newer one is held already: two loads of a stream may finish in
   * any order, and the state at the higher revision has folded in everything the other has.
   */
  remember<S>(stream: string, decider: object, state: S, revision: bigint): CachedState<S> {
    const key = this.key(stream, decider);
    const held = this.entries.get(key) as CachedState<S> | undefined;
    if (held && held.revision >= revision) return held;
    const entry = { state: deepFreeze(state), revision };
    this.entries.set(key, entry);
    return entry;
  }

  forget(stream: string, decider: object): void {
    this.entries.delete(this.key(stream, decider));
  }

  private key(stream: string, decider: object): string {
    let id = this.deciderIds.get(decider);
    if (id === undefined) {
      id = this.nextDeciderId++;
      this.deciderIds.set(decider, id);
    }
    // A decider id holds no space, so the first space splits any key back into its two parts.
    return `${id} ${stream}`;
  }
}
