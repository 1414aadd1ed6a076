import { StoredEvent } from '../event-store.port';

/** The tail's bounds: enough for a batch of every runner, and few characters whatever the events hold. */
export const TAIL_EVENTS = 1024;
export const TAIL_CHARACTERS = 4 * 1024 * 1024;

/**
 * The newest events read from the log, parsed once. After each append the projection runner and every
 * process runner read the same few events: without this each parsed them again (a dozen times per command).
 *
 * It holds one run of the log with no hole: every event with a position in (`after`, last held]. That run
 * stays true, since the log only grows at its end (appends take the write lock and positions only rise, in
 * any process), so a read after a held position takes the held events and asks the file only for newer ones.
 * The events are shared by every reader, as the projection runner already shares a batch among projections:
 * readers do not modify them.
 */
export class LogTail {
  private events: StoredEvent[] = [];
  private sizes: number[] = [];
  private characters = 0;
  /** Position before the first held event (BigInt of the read that began the run). */
  private after = -1n;
  /**
   * The version of the log (`PRAGMA data_version`) when the file was last read and found fewer events than
   * asked, so that the run ended at the head; null when it did not, or when this connection appended since.
   */
  private headAt: number | null = null;

  /**
   * At most `limit` events after `from`: the held ones, then whatever `readAfter` finds past them (kept).
   * A read outside the run (a replay from the start, a runner far behind) goes to the file and starts a new run.
   * `version`: the log's version now, taken before any read of the file; while it is the one the run reached
   * the head at, no connection has committed since, and the held events are all there is.
   */
  read(
    from: bigint,
    limit: number,
    version: number,
    readAfter: (position: bigint, limit: number) => [StoredEvent, number][],
  ): StoredEvent[] {
    const last = this.events.length === 0 ? this.after : BigInt(this.events[this.events.length - 1].position);
    if (this.after < 0n || from < this.after || from > last) {
      this.reset(from);
      return this.readFile(from, limit, version, readAfter);
    }
    const start = this.firstAfter(from);
    const held = this.events.slice(start, start + limit);
    if (held.length === limit || version === this.headAt) return held;
    return held.concat(this.readFile(last, limit - held.length, version, readAfter));
  }

  /** This connection appended: the run may no longer end at the head, whatever the version says. */
  appended() {
    this.headAt = null;
  }

  private readFile(from: bigint, limit: number, version: number, readAfter: (position: bigint, limit: number) => [StoredEvent, number][]) {
    const read = readAfter(from, limit);
    this.headAt = read.length < limit ? version : null;
    return this.keep(read);
  }

  private reset(from: bigint) {
    this.events = [];
    this.sizes = [];
    this.characters = 0;
    this.after = from;
    this.headAt = null;
  }

  private keep(read: [StoredEvent, number][]): StoredEvent[] {
    const events = read.map(([event]) => event);
    for (const [event, size] of read) {
      this.events.push(event);
      this.sizes.push(size);
      this.characters += size;
    }
    // Drop the oldest (the run stays without holes: `after` moves up with them).
    let drop = 0;
    while (drop < this.events.length && (this.events.length - drop > TAIL_EVENTS || this.characters > TAIL_CHARACTERS)) {
      this.characters -= this.sizes[drop];
      drop++;
    }
    if (drop > 0) {
      this.after = BigInt(this.events[drop - 1].position);
      this.events = this.events.slice(drop);
      this.sizes = this.sizes.slice(drop);
    }
    return events;
  }

  /** Index of the first held event after `from` (positions rise along the run). */
  private firstAfter(from: bigint): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (BigInt(this.events[mid].position) <= from) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
