import { randomUUID } from 'node:crypto';
import { FastifyInstance } from 'fastify';
import { asBuffer } from '../object-store/content-object-store.port';

/** Marks a RawJson's place in the JSON text of a response; random per process, so no stored string can forge it. */
const MARK = `raw-json-${randomUUID()}`;
/** Whether a serialization is under way (JSON.stringify is synchronous: one at a time), and the RawJson values it met, if any. */
let serializing = false;
let met: RawJson[] | null = null;

/**
 * JSON text already written (a page document's stored bytes: canonical JSON) that a response carries as it
 * is. Parsing a large stored document only for the response to serialize it again held the event loop a
 * quarter second at 48,000 nodes; spliced in, it costs a copy. Frozen, so caches may share it (deepFreeze
 * stops at it). The bytes must be one JSON value: they are taken from the content store, never from input.
 */
export class RawJson {
  constructor(readonly bytes: Uint8Array) {
    Object.freeze(this);
  }

  /**
   * Stands in the text as a marked string until `serializeReply` puts the bytes in its place; serialized by
   * anything else (a log, a test), it is the value the bytes hold.
   */
  toJSON(): unknown {
    if (!serializing) return JSON.parse(this.text());
    return `${MARK}:${(met ??= []).push(this) - 1}`;
  }

  text(): string {
    return asBuffer(this.bytes).toString('utf8');
  }
}

/** `JSON.stringify`, with each RawJson's bytes in the place it holds. */
export function serializeReply(payload: unknown): string {
  serializing = true;
  try {
    const text = JSON.stringify(payload);
    return met === null ? text : spliced(text, met);
  } finally {
    serializing = false;
    met = null;
  }
}

function spliced(text: string, raws: RawJson[]): string {
  const parts: string[] = [];
  let from = 0;
  raws.forEach((raw, i) => {
    const marked = JSON.stringify(`${MARK}:${i}`);
    const at = text.indexOf(marked, from);
    parts.push(text.slice(from, at), raw.text());
    from = at + marked.length;
  });
  parts.push(text.slice(from));
  return parts.join('');
}

/** Every JSON answer goes through serializeReply (the same text as Fastify's default for any value without RawJson). */
export function installRawJsonSerializer(fastify: FastifyInstance) {
  fastify.setReplySerializer(serializeReply);
}
