import { AllStreamResolvedEvent, binaryEvent, EventData, MaxAppendSizeExceededError, ResolvedEvent, WrongExpectedVersionError } from '@eventstore/db-client';
import { ContentObjectCorrupted, ContentObjectTooLarge, verified } from '../content-object-store.port';

/**
 * Pure translations between content objects and EventStoreDB, testable without a server. An object is the
 * one binary event of the stream `contentObject-<sha256>`.
 */

const STREAM_PREFIX = 'contentObject-';
export const CONTENT_OBJECT_EVENT_TYPE = 'ContentObjectStored';

export function contentObjectStream(hash: string): string {
  return `${STREAM_PREFIX}${hash}`;
}

/** Content objects are in $all but are not events of the log: its readers must pass over them. */
export function isContentObject(resolved: ResolvedEvent | AllStreamResolvedEvent): boolean {
  return resolved.event?.streamId.startsWith(STREAM_PREFIX) ?? false;
}

/**
 * The event id is derived from the hash (a version 8 UUID: "custom"), so a retried put that already reached
 * the server is recognised by it as the same write.
 */
export function contentObjectEventId(hash: string): string {
  const h = hash.slice(0, 32);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function toContentObjectEvent(hash: string, bytes: Uint8Array): EventData {
  return binaryEvent({ id: contentObjectEventId(hash), type: CONTENT_OBJECT_EVENT_TYPE, data: bytes });
}

/** The object in the first event of its stream, checked against its hash; anything else there is corruption. */
export function fromContentObjectEvent(hash: string, resolved: ResolvedEvent): Buffer {
  const event = resolved.event;
  if (!event || event.isJson || event.type !== CONTENT_OBJECT_EVENT_TYPE || !(event.data instanceof Uint8Array)) {
    throw new ContentObjectCorrupted(hash);
  }
  return verified(hash, event.data);
}

/**
 * What a refused append of an object means: `WrongExpectedVersionError` is the object already there (the
 * put succeeded, null); a server whose MaxAppendSize is below MAX_CONTENT_OBJECT_BYTES (not configured as
 * the compose file is) refuses a large object, which is the caller's too-large content, not a server error.
 */
export function appendRefusal(error: unknown, bytes: number): Error | null {
  if (error instanceof WrongExpectedVersionError) return null;
  if (error instanceof MaxAppendSizeExceededError) return new ContentObjectTooLarge(bytes, error.maxAppendSize);
  return error as Error;
}
