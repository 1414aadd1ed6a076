import {
  ANY,
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  EventData,
  NO_STREAM,
  Position,
  ReadRevision,
  ResolvedEvent,
  START,
  WrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
import {
  EventMetadata,
  ExpectedRevision,
  NewEvent,
  StoredEvent,
  WrongExpectedRevision,
} from '../event-store.port';
import { CONTENT_OBJECT_EVENT_TYPE, isContentObject } from '../../object-store/eventstoredb/esdb-object-mapping';
import { isSubjectKey, SUBJECT_KEY_EVENT_TYPE } from '../../crypto/eventstoredb/esdb-subject-key-mapping';

/**
 * Pure translations between the port and the EventStoreDB client, kept apart from the adapter so they
 * can be tested without a server.
 */

type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

export function encodePosition(commit: bigint): string {
  return commit.toString(10);
}

/**
 * Since EventStoreDB 20 every event is its own commit (commit === prepare), so the commit position alone
 * is enough to address it in $all.
 */
export function positionAt(commit: bigint): Position {
  return { commit, prepare: commit };
}

export function decodePosition(position: string): bigint {
  // BigInt('') is 0n and BigInt(' 1 ') is 1n: a malformed checkpoint must fail, not restart the log.
  if (!/^\d+$/.test(position)) throw new Error(`invalid EventStoreDB position: ${JSON.stringify(position)}`);
  return BigInt(position);
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no-stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return expected;
}

/** Where a forward stream read starts to return the events after `revision`: `fromRevision` is inclusive. */
export function revisionAfter(revision: bigint): ReadRevision {
  return revision < 0n ? START : revision + 1n;
}

export function toWrongExpectedRevision(
  stream: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): WrongExpectedRevision {
  const actual = error.actualVersion === NO_STREAM ? 'no-stream' : error.actualVersion;
  return new WrongExpectedRevision(stream, expected, actual);
}

export function toEventData(event: NewEvent): EventData {
  return jsonEvent({ id: event.eventId, type: event.type, data: event.data, metadata: event.metadata });
}

/** Events EventStoreDB writes for itself ($stats, $scavenges, links, stream metadata...). */
export function isSystemEvent(resolved: AnyResolvedEvent): boolean {
  const event = resolved.event;
  // Without an event the record is a link whose target is gone: nothing of ours.
  if (!event) return true;
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** What the port's `readAll` and `headPosition` answer of $all: neither system records, content objects nor subject keys. */
export function isLogEvent(resolved: AnyResolvedEvent): boolean {
  return !isSystemEvent(resolved) && !isContentObject(resolved) && !isSubjectKey(resolved);
}

/**
 * A record of a page of $all as the log's readers keep it: a content object or a subject key is reduced to
 * its position (which still moves the page on) as it arrives, so a page never holds megabytes of object
 * bytes, nor keys (which stay in $all until a scavenge, destroyed ones included).
 */
export function withoutObjectBytes(resolved: AllStreamResolvedEvent): AllStreamResolvedEvent {
  return isContentObject(resolved) || isSubjectKey(resolved) ? { commitPosition: positionOf(resolved) } : resolved;
}

/**
 * The server-side event-type filter of the subscription that wakes the log's listeners: neither system
 * events, content objects (whose bytes would otherwise be sent to every listening process) nor subject keys.
 */
export const LOG_EVENT_TYPES = `^(?!(${CONTENT_OBJECT_EVENT_TYPE}|${SUBJECT_KEY_EVENT_TYPE})$)[^$]`;

/** Commit position of the event itself; `commitPosition` is the fallback for servers before 22.6. */
export function positionOf(resolved: AnyResolvedEvent): bigint {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) throw new Error('EventStoreDB returned an event without a position');
  return commit;
}

export function toStoredEvent(resolved: AnyResolvedEvent): StoredEvent {
  const event = resolved.event;
  if (!event) throw new Error('EventStoreDB returned a link without its event');
  const where = `event ${event.id} of stream ${event.streamId}`;
  if (!event.isJson || !isRecord(event.data)) throw new Error(`${where}: data is not a JSON object`);
  if (!isRecord(event.metadata)) throw new Error(`${where}: metadata is not a JSON object`);
  return {
    eventId: event.id,
    stream: event.streamId,
    revision: event.revision,
    position: encodePosition(positionOf(resolved)),
    type: event.type,
    data: event.data,
    // Only `append` writes user events and it always writes an EventMetadata.
    metadata: event.metadata as unknown as EventMetadata,
  };
}

/**
 * The user events of a forward page of $all that come strictly after `after`, at most `limit` of them.
 * The client's `fromPosition` is inclusive, so a page read from `after` starts with that very event.
 */
export function userEventsAfter(page: AllStreamResolvedEvent[], after: bigint | null, limit: number): StoredEvent[] {
  const floor = after ?? -1n;
  const selected: StoredEvent[] = [];
  for (const resolved of page) {
    if (selected.length >= limit) break;
    if (!isLogEvent(resolved) || positionOf(resolved) <= floor) continue;
    selected.push(toStoredEvent(resolved));
  }
  return selected;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  // Binary metadata arrives as a Uint8Array, which is an object too.
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}
