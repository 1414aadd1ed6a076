import { FastifyReply, FastifyRequest } from 'fastify';
import { hash } from 'node:crypto';

/** One entity tag of an `If-None-Match` list (RFC 9110 §8.8.3): optional `W/`, then a quoted opaque tag. */
const ENTITY_TAG = /\s*(W\/)?("[^"]*")\s*(?:,|$)/y;

/**
 * Whether an `If-None-Match` header matches `etag`: `*`, or a list naming it under the weak comparison
 * the RFC prescribes for this header (`W/"x"` and `"x"` match). A malformed list matches nothing, so the
 * full answer is sent: the safe side.
 */
export function ifNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  ENTITY_TAG.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (ENTITY_TAG.lastIndex < header.length && (match = ENTITY_TAG.exec(header)) !== null) {
    if (match[2] === opaque) return true;
  }
  return false;
}

/**
 * Conditional GETs on every answer that has an ETag (called by the answer hooks on each answer about to be
 * sent; returns what to send). A successful GET (or HEAD) whose route set none
 * (a stream revision through withETag, a file's hash) gets a weak one, the hash of its serialized
 * body: weak, since the same resource serialized again is only promised equivalent, not the same
 * bytes. Answers that are not text (a stream, a buffer) get none: hashing them would mean holding them
 * whole. Then an `If-None-Match` that matches turns the answer into a 304 with no body and the same
 * headers (ETag included). Per RFC 9110 §13.2.1 only an answer that would have been a 2xx is turned.
 * An answer that differs per caller hashes differently per caller, which is right: the ETag names the
 * representation that caller got. SHA-1 is enough (an ETag is no security boundary) and fast: the bench
 * (bench/http-overhead.ts) reports its cost per answer.
 */
export function conditionalAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  let etag = reply.getHeader('etag');
  if (etag === undefined && typeof payload === 'string') {
    etag = `W/"${hash('sha1', payload, 'base64url')}"`;
    void reply.header('etag', etag);
  }
  const condition = request.headers['if-none-match'];
  if (typeof etag !== 'string' || condition === undefined || !ifNoneMatch(condition, etag)) return payload;
  void reply.code(304).removeHeader('content-type').removeHeader('content-length');
  // HEAD: Fastify's own HEAD hook, after this one, measures the payload for Content-Length (what the 200
  // would have had, as RFC 9110 allows on a 304) and sends none of it.
  if (request.method === 'HEAD') return payload;
  // A stream the 304 does not send would hold its file or connection open.
  if (payload !== null && typeof payload === 'object' && 'destroy' in payload && typeof payload.destroy === 'function') payload.destroy();
  return null;
}
