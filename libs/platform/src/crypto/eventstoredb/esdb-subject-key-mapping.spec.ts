import { ResolvedEvent, StreamDeletedError, StreamNotFoundError, UnavailableError, WrongExpectedVersionError } from '@eventstore/db-client';
import { createHash } from 'node:crypto';
import {
  appendFailure,
  fromSubjectKeyEvent,
  isSubjectKey,
  newSubjectKeyEvent,
  readFailure,
  SUBJECT_KEY_EVENT_TYPE,
  SubjectKeyCorrupted,
  subjectKeyStream,
} from './esdb-subject-key-mapping';

const subject = 'conversation:org-1:ticket-42';
const stream = subjectKeyStream(subject);

/** What reading the stream answers, from what was appended (as the server stores it). */
function resolved(data: Uint8Array, overrides: Record<string, unknown> = {}): ResolvedEvent {
  return {
    event: { streamId: stream, id: 'e', revision: 0n, type: SUBJECT_KEY_EVENT_TYPE, data, metadata: undefined, isJson: false, created: new Date(0), ...overrides },
  } as ResolvedEvent;
}

/** The client's errors, as its gRPC layer makes them (their constructors take the raw call error). */
const clientError = <T>(type: new (...args: never[]) => T) => Object.create(type.prototype) as T;

describe('subject keys in EventStoreDB', () => {
  it('names a subject’s stream after its hash: the subject itself is written nowhere', () => {
    expect(stream).toBe(`subjectKey-${createHash('sha256').update(subject).digest('hex')}`);
    expect(stream).not.toContain('ticket-42');
    expect(subjectKeyStream('conversation:org-1:ticket-43')).not.toBe(stream);
  });

  it('appends a fresh 32-byte key as a binary event, and reads it back', () => {
    const first = newSubjectKeyEvent();
    const second = newSubjectKeyEvent();
    expect(first.key).toHaveLength(32);
    expect(first.key.equals(second.key)).toBe(false);
    expect(first.event.type).toBe(SUBJECT_KEY_EVENT_TYPE);
    expect(first.event.contentType).toBe('application/octet-stream');
    expect(Buffer.from(first.event.data as Uint8Array).equals(first.key)).toBe(true);
    expect(fromSubjectKeyEvent(stream, resolved(first.key)).equals(first.key)).toBe(true);
  });

  it('refuses anything else in a key stream as corruption', () => {
    expect(() => fromSubjectKeyEvent(stream, resolved(new Uint8Array(31)))).toThrow(SubjectKeyCorrupted);
    expect(() => fromSubjectKeyEvent(stream, resolved(new Uint8Array(32), { type: 'Other' }))).toThrow(SubjectKeyCorrupted);
    expect(() => fromSubjectKeyEvent(stream, resolved(new Uint8Array(32), { isJson: true }))).toThrow(SubjectKeyCorrupted);
    expect(() => fromSubjectKeyEvent(stream, { event: undefined } as ResolvedEvent)).toThrow(SubjectKeyCorrupted);
    expect(() => fromSubjectKeyEvent(stream, undefined)).toThrow(SubjectKeyCorrupted);
  });

  it('tells key streams from the log’s', () => {
    expect(isSubjectKey(resolved(new Uint8Array(32)))).toBe(true);
    expect(isSubjectKey(resolved(new Uint8Array(32), { streamId: 'space-1' }))).toBe(false);
    expect(isSubjectKey({ event: undefined } as ResolvedEvent)).toBe(false);
  });

  it('reads a tombstoned stream as destroyed, a missing one as absent, and throws on the rest', () => {
    expect(readFailure(clientError(StreamDeletedError))).toBe('destroyed');
    expect(readFailure(clientError(StreamNotFoundError))).toBe('absent');
    const down = clientError(UnavailableError);
    expect(() => readFailure(down)).toThrow(down);
  });

  it('reads a refused first append as another’s key (read it) or a tombstone, and throws on the rest', () => {
    expect(appendFailure(clientError(WrongExpectedVersionError))).toBe('made-elsewhere');
    expect(appendFailure(clientError(StreamDeletedError))).toBe('destroyed');
    const down = clientError(UnavailableError);
    expect(() => appendFailure(down)).toThrow(down);
  });
});
