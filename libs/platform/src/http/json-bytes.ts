import { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer already serialized as JSON (kept bytes, see content's ReaderAnswers), with its gzipped copy when
 * it has one. A route returns it as it would an object; the answer hooks (answer-hooks.ts) send its bytes as
 * they are, typed as JSON: no serialization, and no Nest interceptor (an rxjs pipeline and async-context
 * wrappers per request, 3–4% of a page read's CPU).
 */
export abstract class JsonBytes {
  /** The JSON text. */
  abstract json(): Buffer;

  /** The same text gzipped, or null when it has not been compressed. */
  abstract gzipped(): Buffer | null;
}

/** Whether an Accept-Encoding header admits gzip: by its own weight when named, else by `*`'s (RFC 9110 12.5.3). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const coding of header.split(',')) {
    const [name, ...params] = coding.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/** Sends what Fastify's serializer returns as it is: set on a reply whose payload is already bytes. */
const asIs = (bytes: unknown) => bytes as string;

/**
 * The bytes to send for `answer`, its headers set: JSON, gzipped when the answer has its gzipped copy and
 * the client accepts it. Called before serialization, so the reply's serializer is set to pass the bytes on.
 */
export function jsonBytesToSend(request: FastifyRequest, reply: FastifyReply, answer: JsonBytes): Buffer {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').serializer(asIs);
  const gzipped = acceptsGzip(request.headers['accept-encoding']) ? answer.gzipped() : null;
  if (gzipped) {
    void reply.header('content-encoding', 'gzip');
    return gzipped;
  }
  return answer.json();
}
