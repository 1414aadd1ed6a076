import {
  ANY,
  AllStreamJSONRecordedEvent,
  AllStreamResolvedEvent,
  JSONRecordedEvent,
  NO_STREAM,
  START,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { EventMetadata, NewEvent, WrongExpectedRevision } from '../event-store.port';
import {
  decodePosition,
  encodePosition,
  isLogEvent,
  isSystemEvent,
  positionAt,
  positionOf,
  revisionAfter,
  toEsdbExpectedRevision,
  toEventData,
  toStoredEvent,
  toWrongExpectedRevision,
  userEventsAfter,
  withoutObjectBytes,
  LOG_EVENT_TYPES,
} from './esdb-mapping';
import { subjectKeyStream } from '../../crypto/eventstoredb/esdb-subject-key-mapping';

// 2^53 + 1: a Number cannot hold it, so any detour through one shows up as ...992.
const BEYOND_SAFE = 9_007_199_254_740_993n;

const metadata: EventMetadata = {
  actor: 'user-1',
  source: 'api',
  correlationId: 'corr-1',
  causationId: null,
  occurredAt: '2024-01-01T00:00:00.000Z',
  schemaVersion: 1,
};

function recorded(overrides: Partial<AllStreamJSONRecordedEvent> = {}): AllStreamJSONRecordedEvent {
  return {
    streamId: 'space-1',
    id: '0b5f6b1e-4a8b-4c1e-9d3a-2f0e7c6b5a41',
    isJson: true,
    revision: 0n,
    type: 'SpaceCreated',
    created: new Date(0),
    data: { title: 'Docs' },
    metadata: { ...metadata },
    position: positionAt(100n),
    ...overrides,
  };
}

/** A content object as $all holds it: a binary event, no metadata, that no JSON reader can take. */
function objectAt(commit: bigint, id: string): AllStreamResolvedEvent {
  const hash = 'ab'.repeat(32);
  const event = {
    ...recorded({ position: positionAt(commit) }),
    id,
    streamId: `contentObject-${hash}`,
    type: 'ContentObjectStored',
    isJson: false,
    data: new Uint8Array([0xff, 0x00, 0x7b]),
    metadata: undefined,
  } as unknown as AllStreamJSONRecordedEvent;
  return { event, commitPosition: commit };
}

/** A subject's key as $all holds it: a binary event of 32 bytes, until a scavenge after its stream's tombstone. */
function keyAt(commit: bigint): AllStreamResolvedEvent {
  const event = {
    ...recorded({ position: positionAt(commit) }),
    streamId: subjectKeyStream('conversation:org:1'),
    type: 'SubjectKeyMade',
    isJson: false,
    data: new Uint8Array(32).fill(7),
    metadata: undefined,
  } as unknown as AllStreamJSONRecordedEvent;
  return { event, commitPosition: commit };
}

function at(commit: bigint, overrides: Partial<AllStreamJSONRecordedEvent> = {}): AllStreamResolvedEvent {
  return { event: recorded({ position: positionAt(commit), ...overrides }), commitPosition: commit };
}

describe('positions', () => {
  it('round-trips commit positions beyond 2^53 exactly', () => {
    expect(encodePosition(BEYOND_SAFE)).toBe('9007199254740993');
    expect(decodePosition('9007199254740993')).toBe(BEYOND_SAFE);
    expect(decodePosition('18446744073709551615')).toBe(2n ** 64n - 1n);
  });

  it('addresses an event by its commit position for both commit and prepare', () => {
    expect(positionAt(BEYOND_SAFE)).toEqual({ commit: BEYOND_SAFE, prepare: BEYOND_SAFE });
  });

  it.each(['', ' 1', '-1', '1.5', '1e3', '0x10', 'abc'])('rejects the malformed position %j', (position) => {
    expect(() => decodePosition(position)).toThrow(/invalid EventStoreDB position/);
  });
});

describe('expected revisions', () => {
  it('maps the port values onto the client constants', () => {
    expect(toEsdbExpectedRevision('no-stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(BEYOND_SAFE)).toBe(BEYOND_SAFE);
  });

  it('turns a wrong expected version into the port error, with the actual revision', () => {
    const error = new WrongExpectedVersionError(undefined, { streamName: 'space-1', expected: 4n, current: 7n });
    const mapped = toWrongExpectedRevision('space-1', 4n, error);
    expect(mapped).toBeInstanceOf(WrongExpectedRevision);
    expect(mapped).toMatchObject({ stream: 'space-1', expected: 4n, actual: 7n });
  });

  it('reports a missing stream as no-stream and keeps the port spelling of the expectation', () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'space-1',
      expected: NO_STREAM,
      current: NO_STREAM,
    });
    expect(toWrongExpectedRevision('space-1', 'no-stream', error)).toMatchObject({
      expected: 'no-stream',
      actual: 'no-stream',
    });
  });
});

describe('revisionAfter', () => {
  it('starts a stream read at the start for -1 (everything) and at the next revision otherwise, beyond 2^53 too', () => {
    expect(revisionAfter(-1n)).toBe(START);
    expect(revisionAfter(0n)).toBe(1n);
    expect(revisionAfter(BEYOND_SAFE)).toBe(BEYOND_SAFE + 1n);
  });
});

describe('toEventData', () => {
  it('writes JSON under the caller event id', () => {
    const event: NewEvent = {
      eventId: 'd1f0c1a2-3b4c-4d5e-8f60-718293a4b5c6',
      type: 'SpaceCreated',
      data: { title: 'Docs' },
      metadata,
    };
    expect(toEventData(event)).toEqual({
      id: event.eventId,
      contentType: 'application/json',
      type: 'SpaceCreated',
      data: { title: 'Docs' },
      metadata,
    });
  });
});

describe('isSystemEvent', () => {
  it('recognises system types, system streams and dangling links', () => {
    expect(isSystemEvent(at(1n, { type: '$statsCollected' }))).toBe(true);
    expect(isSystemEvent(at(1n, { streamId: '$$space-1', type: 'metadata' }))).toBe(true);
    expect(isSystemEvent({ commitPosition: 1n })).toBe(true);
    expect(isSystemEvent(at(1n))).toBe(false);
  });
});

describe('isLogEvent', () => {
  it('takes user events only: neither system records, content objects nor subject keys', () => {
    expect(isLogEvent(at(1n))).toBe(true);
    expect(isLogEvent(keyAt(1n))).toBe(false);
    expect(isLogEvent(at(1n, { type: '$statsCollected' }))).toBe(false);
    expect(isLogEvent({ commitPosition: 1n })).toBe(false);
    expect(isLogEvent(objectAt(1n, 'object'))).toBe(false);
    // Only the stream says what a record is: a category that merely starts alike is an ordinary stream.
    expect(isLogEvent(at(1n, { streamId: 'contentObjects-1' }))).toBe(true);
  });
});

describe('withoutObjectBytes', () => {
  it('keeps only the position of a content object, which the log readers then pass over', () => {
    const stripped = withoutObjectBytes(objectAt(7n, 'object'));
    expect(stripped).toEqual({ commitPosition: 7n });
    expect(positionOf(stripped)).toBe(7n);
    expect(isLogEvent(stripped)).toBe(false);
  });

  it('keeps only the position of a subject key: the log readers never hold a key', () => {
    expect(withoutObjectBytes(keyAt(9n))).toEqual({ commitPosition: 9n });
    expect(userEventsAfter([keyAt(9n), at(10n)], null, 10).map((e) => e.position)).toEqual(['10']);
  });

  it('leaves every other record as it is', () => {
    const event = at(7n);
    expect(withoutObjectBytes(event)).toBe(event);
  });
});

describe('LOG_EVENT_TYPES', () => {
  // The server matches it with .NET's Regex.IsMatch, a search as JavaScript's test is.
  const wakes = (type: string) => new RegExp(LOG_EVENT_TYPES).test(type);

  it('wakes listeners for event types of the log, not for system events, content objects or subject keys', () => {
    expect(['SpaceCreated', 'ContentObjectStoredLater', 'XContentObjectStored', 'SubjectKeyMadeX'].map(wakes)).toEqual([true, true, true, true]);
    expect(['ContentObjectStored', 'SubjectKeyMade', '$statsCollected', '$metadata'].map(wakes)).toEqual([false, false, false, false]);
  });
});

describe('toStoredEvent', () => {
  it('keeps revisions and positions beyond 2^53 exact', () => {
    const stored = toStoredEvent(at(BEYOND_SAFE, { revision: BEYOND_SAFE }));
    expect(stored).toEqual({
      eventId: '0b5f6b1e-4a8b-4c1e-9d3a-2f0e7c6b5a41',
      stream: 'space-1',
      revision: BEYOND_SAFE,
      position: '9007199254740993',
      type: 'SpaceCreated',
      data: { title: 'Docs' },
      metadata,
    });
  });

  it("prefers the event's own position, then the read's commit position", () => {
    expect(positionOf({ event: recorded({ position: positionAt(5n) }), commitPosition: 9n })).toBe(5n);
    // Events read from a stream carry no position of their own before EventStoreDB 22.6.
    const fromStream: JSONRecordedEvent = { ...recorded(), position: undefined };
    expect(positionOf({ event: fromStream, commitPosition: 9n })).toBe(9n);
    expect(() => positionOf({ event: fromStream })).toThrow(/without a position/);
  });

  it('refuses events that are not JSON objects', () => {
    expect(() => toStoredEvent(at(1n, { data: ['not', 'an', 'object'] }))).toThrow(/data is not a JSON object/);
    expect(() => toStoredEvent(at(1n, { data: 'malformed {' }))).toThrow(/data is not a JSON object/);
    expect(() => toStoredEvent(at(1n, { metadata: new Uint8Array([1]) }))).toThrow(/metadata is not a JSON object/);
    expect(() => toStoredEvent(at(1n, { metadata: undefined }))).toThrow(/metadata is not a JSON object/);
  });
});

describe('userEventsAfter', () => {
  const page = [
    at(9n, { id: 'a' }),
    at(10n, { id: 'system', type: '$metadata' }),
    at(11n, { id: 'b' }),
    at(12n, { id: 'c' }),
  ];
  const ids = (after: bigint | null, limit: number) => userEventsAfter(page, after, limit).map((e) => e.eventId);

  it('skips the event at the inclusive start position', () => {
    expect(ids(9n, 10)).toEqual(['b', 'c']);
  });

  it('starts with the first event when there is no checkpoint', () => {
    expect(ids(null, 10)).toEqual(['a', 'b', 'c']);
  });

  it('leaves out system events and stops at the limit', () => {
    expect(ids(null, 2)).toEqual(['a', 'b']);
    expect(ids(8n, 0)).toEqual([]);
  });

  it('passes over content objects, which are in $all but are not events of the log', () => {
    const withObjects = [at(1n, { id: 'a' }), objectAt(2n, 'object'), at(3n, { id: 'b' }), objectAt(4n, 'tail')];
    expect(userEventsAfter(withObjects, null, 10).map((e) => e.eventId)).toEqual(['a', 'b']);
    expect(userEventsAfter(withObjects, 3n, 10)).toEqual([]);
  });

  it('compares positions as numbers, exactly', () => {
    // As strings "10" < "9"; as Numbers 2^53 + 1 and 2^53 are the same.
    expect(ids(decodePosition('9'), 1)).toEqual(['b']);
    const far = [at(BEYOND_SAFE - 1n, { id: 'before' }), at(BEYOND_SAFE, { id: 'after' })];
    expect(userEventsAfter(far, BEYOND_SAFE - 1n, 10).map((e) => e.eventId)).toEqual(['after']);
  });
});
