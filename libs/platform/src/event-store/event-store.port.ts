/**
 * The event store port. Two adapters implement it (SQLite for the embedded mode, EventStoreDB for the
 * distributed one) and both pass `test/contract/event-store.contract.ts`.
 *
 * Positions in the global log are decimal strings: EventStoreDB commit positions exceed 2^53, so they
 * are never JSON numbers. Compare them with `comparePositions`, never with `<` on strings.
 */

export type Source = 'api' | 'script' | 'system';

export interface EventMetadata {
  actor: string;
  source: Source;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
}

export interface NewEvent {
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface StoredEvent extends NewEvent {
  stream: string;
  /** 0-based revision of the event inside its stream. */
  revision: bigint;
  /** Position in the global log (decimal string). */
  position: string;
}

/** `no-stream`: the stream must not exist; `any`: no check; a bigint: the stream's last revision. */
export type ExpectedRevision = 'no-stream' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last event written (the stream's new revision). */
  nextRevision: bigint;
  /** Global position of the last event written. */
  position: string;
}

/** Thrown when the stream's revision is not the expected one. Nothing was written. */
export class WrongExpectedRevision extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no-stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, found ${String(actual)}`);
  }
}

export interface EventStore {
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Every event of a stream in revision order; empty when the stream does not exist. */
  readStream(stream: string): Promise<StoredEvent[]>;
  /**
   * The events of a stream with a revision strictly after `revision`, in revision order (the whole stream
   * for -1n; empty when the stream does not exist or has nothing newer). Lets a holder of the stream's
   * state at `revision` catch up with every writer, other processes included, without re-reading it all.
   */
  readStreamAfter(stream: string, revision: bigint): Promise<StoredEvent[]>;
  /** Events of the global log strictly after `after` (from the start when null), oldest first. */
  readAll(after: string | null, limit: number): Promise<StoredEvent[]>;
  /** Position of the newest event, or null for an empty log. */
  headPosition(): Promise<string | null>;
  /**
   * Calls `listener` (without arguments) when new events may be in the log, including appends made by
   * other processes. Returns the function that stops listening.
   */
  onAppended(listener: () => void): () => void;
  /** Whether the store answers (for /health): false when it refuses; rejects with a StoreUnanswered when it does not answer in time. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EventStore');

/**
 * Orders positions, null (before the first event) first. Positions are canonical decimal integers (no
 * sign, no leading zero), so the longer is the larger and equal lengths compare as text: no BigInt
 * parsing on the paths that compare for every command (the runner's waiters).
 */
export function comparePositions(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : 1;
}
