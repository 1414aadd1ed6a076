import {
  AllStreamResolvedEvent,
  binaryEvent,
  EventData,
  ResolvedEvent,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { createHash, randomBytes } from 'node:crypto';
import { SUBJECT_KEY_BYTES } from '../subject-key';

/**
 * Pure translations between subject keys and EventStoreDB, testable without a server. A subject's key is the
 * one binary event of the stream `subjectKey-<sha256 of the subject>`: the subject itself (a customer's
 * conversation id) is written nowhere, and a destroyed key's stream is tombstoned.
 */

const STREAM_PREFIX = 'subjectKey-';
export const SUBJECT_KEY_EVENT_TYPE = 'SubjectKeyMade';

export function subjectKeyStream(subject: string): string {
  return `${STREAM_PREFIX}${createHash('sha256').update(subject, 'utf8').digest('hex')}`;
}

/** Keys are in $all but are not events of the log: its readers pass over them and never hold their bytes. */
export function isSubjectKey(resolved: ResolvedEvent | AllStreamResolvedEvent): boolean {
  return resolved.event?.streamId.startsWith(STREAM_PREFIX) ?? false;
}

/** A new key, as the first event of its subject's stream. */
export function newSubjectKeyEvent(): { key: Buffer; event: EventData } {
  const key = randomBytes(SUBJECT_KEY_BYTES);
  return { key, event: binaryEvent({ type: SUBJECT_KEY_EVENT_TYPE, data: key }) };
}

/** A key store whose stream holds something else than one key: never answered as a key. */
export class SubjectKeyCorrupted extends Error {
  constructor(stream: string) {
    super(`${stream} does not hold a subject key`);
    this.name = 'SubjectKeyCorrupted';
  }
}

/** The key in the first event of its stream; anything else there is corruption. */
export function fromSubjectKeyEvent(stream: string, resolved: ResolvedEvent | undefined): Buffer {
  const event = resolved?.event;
  if (!event || event.isJson || event.type !== SUBJECT_KEY_EVENT_TYPE || !(event.data instanceof Uint8Array) || event.data.byteLength !== SUBJECT_KEY_BYTES) {
    throw new SubjectKeyCorrupted(stream);
  }
  return Buffer.from(event.data);
}

/**
 * What a failed read of a key's stream means: `absent` (never made), `destroyed` (tombstoned: the key was
 * destroyed); any other error is the server's and is thrown on.
 */
export function readFailure(error: unknown): 'absent' | 'destroyed' {
  if (error instanceof StreamDeletedError) return 'destroyed';
  if (error instanceof StreamNotFoundError) return 'absent';
  throw error;
}

/**
 * What a refused first append of a key means: `made-elsewhere` (the stream exists: another process made the
 * key first, read it), `destroyed` (tombstoned); any other error is thrown on.
 */
export function appendFailure(error: unknown): 'made-elsewhere' | 'destroyed' {
  if (error instanceof StreamDeletedError) return 'destroyed';
  if (error instanceof WrongExpectedVersionError) return 'made-elsewhere';
  throw error;
}
