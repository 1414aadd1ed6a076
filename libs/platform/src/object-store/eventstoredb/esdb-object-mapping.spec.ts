import { ResolvedEvent } from '@eventstore/db-client';
import { MaxAppendSizeExceededError, WrongExpectedVersionError } from '@eventstore/db-client';
import { TooLarge } from '../../domain/errors';
import { ContentObjectCorrupted, ContentObjectTooLarge, contentHash } from '../content-object-store.port';
import {
  appendRefusal,
  CONTENT_OBJECT_EVENT_TYPE,
  contentObjectEventId,
  contentObjectStream,
  fromContentObjectEvent,
  isContentObject,
  toContentObjectEvent,
} from './esdb-object-mapping';

const bytes = Buffer.from([0x00, 0xff, 0x10, 0x7b, 0x22]);
const hash = contentHash(bytes);

/** What reading the stream answers, from what was appended (as the server stores it). */
function resolved(overrides: Record<string, unknown> = {}): ResolvedEvent {
  const data = toContentObjectEvent(hash, bytes);
  return {
    event: {
      streamId: contentObjectStream(hash),
      id: data.id,
      revision: 0n,
      type: data.type,
      data: data.data,
      metadata: undefined,
      isJson: false,
      created: new Date(0),
      ...overrides,
    },
  } as ResolvedEvent;
}

describe('content objects in EventStoreDB', () => {
  it('names the one stream of an object after its hash', () => {
    expect(contentObjectStream(hash)).toBe(`contentObject-${hash}`);
  });

  it('recognises records of object streams, and only those', () => {
    expect(isContentObject(resolved())).toBe(true);
    expect(isContentObject(resolved({ streamId: 'space-1' }))).toBe(false);
    expect(isContentObject({ commitPosition: 1n })).toBe(false);
  });

  it('appends the bytes as they are, in a binary event whose id the hash decides', () => {
    const event = toContentObjectEvent(hash, bytes);
    expect(event).toMatchObject({ type: CONTENT_OBJECT_EVENT_TYPE, contentType: 'application/octet-stream' });
    expect(Buffer.from(event.data as Uint8Array).equals(bytes)).toBe(true);
    expect(event.id).toBe(contentObjectEventId(hash));
    expect(toContentObjectEvent(hash, bytes).id).toBe(event.id);
  });

  it('derives a well-formed version 8 UUID from the hash, different for different hashes', () => {
    const ids = ['0'.repeat(64), 'f'.repeat(64), hash, contentHash(Buffer.from('other'))].map(contentObjectEventId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(contentObjectEventId('0123456789abcdef' + 'f'.repeat(48))).toBe('01234567-89ab-8def-bfff-ffffffffffff');
  });

  it('reads the object back, checked against its hash', () => {
    expect(fromContentObjectEvent(hash, resolved()).equals(bytes)).toBe(true);
  });

  it.each([
    ['other bytes', { data: new Uint8Array([1, 2, 3]) }],
    ['a JSON event', { isJson: true, data: { bytes: 'AP8Qeyo=' } }],
    ['another event type', { type: 'SomethingElse' }],
  ])('refuses %s in an object stream as corruption', (_what, overrides) => {
    expect(() => fromContentObjectEvent(hash, resolved(overrides))).toThrow(ContentObjectCorrupted);
  });

  it('refuses a link whose event is gone as corruption', () => {
    expect(() => fromContentObjectEvent(hash, {} as ResolvedEvent)).toThrow(ContentObjectCorrupted);
  });

  it('takes an append refused as already there for success, and one over the server\'s MaxAppendSize for too-large content', () => {
    expect(appendRefusal(new WrongExpectedVersionError(undefined as never, { streamName: 's', expected: 'no_stream', current: 0n } as never), 10)).toBeNull();
    const refusal = appendRefusal(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576), 3 * 1024 * 1024);
    expect(refusal).toBeInstanceOf(ContentObjectTooLarge);
    expect(refusal).toBeInstanceOf(TooLarge);
    expect(refusal?.message).toBe('An object is 3 MiB, more than the 1 MiB the content store holds');
    const other = new Error('unavailable');
    expect(appendRefusal(other, 10)).toBe(other);
  });
});

