import { RouteConfig } from '@nestjs/platform-fastify';
import { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';
import { DOMAIN_STATUS } from './exception.filter';
import { WorkerPool, workerFile } from '../workers/worker-pool';
import { keepRawBody } from './raw-body';

export const BODY_LIMIT = 1024 * 1024;

/**
 * How deep objects and arrays may nest in a body. The deepest schema here, documents included, needs
 * far less; Nest's ValidationPipe and class-transformer recurse once per level, so a 10,000-deep body
 * would overflow their stack (a 500) if it ever reached them.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * Keys that could reach an object's prototype when class-transformer copies a body onto a DTO.
 * JSON.parse makes them plain own properties, but an assignment of `__proto__` (as in
 * plainToInstance) swaps the prototype, and no schema here names any of them. Fastify's own parser
 * refuses `__proto__` and `constructor.prototype`; ours refuses all three wherever they appear.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON, as RFC 8259 says: `application/json` or `application/<anything>+json`, with any parameters. */
const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json(;.*)?$/i;

function refusal(statusCode: number, message: string) {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * Whether objects and arrays in a JSON text nest deeper than `limit`, counted on the raw characters
 * (outside strings), in one pass with no recursion. Stops as soon as `limit` is passed, so a hostile body costs
 * a scan, not a parse.
 */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * How many properties one object in a body may have. The widest schema here is a map of at most 1,000
 * users (a team's `memberships`); class-transformer's copy of an object costs the square of its keys
 * (60,000 keys: seconds of CPU, and a 2 MB list of unknown properties), so wider objects are refused
 * before it runs.
 */
export const MAX_OBJECT_PROPERTIES = 1000;

/**
 * Why a parsed body (depth already bounded) may not reach validation: a prototype key anywhere, or an
 * object wider than MAX_OBJECT_PROPERTIES. Walked without recursion; undefined when all is well.
 */
export function unsafeShape(value: object): string | undefined {
  const pending: object[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const keys = Object.keys(node);
    if (!Array.isArray(node) && keys.length > MAX_OBJECT_PROPERTIES) {
      return `An object in the body has more than ${MAX_OBJECT_PROPERTIES} properties`;
    }
    for (const key of keys) {
      if (PROTOTYPE_KEYS.has(key)) return `The body may not have a property named ${key}`;
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
  return undefined;
}

/** A JSON body must be UTF-8 (RFC 8259); a charset parameter naming anything else is refused. */
function declaresOtherCharset(request: FastifyRequest): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
  return charset !== undefined && !/^utf-?8$/i.test(charset);
}

/**
 * Bodies past this many bytes (only routes that raise their limit take them: a content batch, up to
 * 32 MiB) are read by a worker thread: decoding, scanning and parsing 32 MiB held the event loop a third of a second.
 */
export const LARGE_BODY_BYTES = BODY_LIMIT;

/**
 * A body's JSON text as the house rules want it: undefined when empty (no body); malformed JSON, a body
 * nesting deeper than MAX_BODY_DEPTH, one with a prototype key or an object too wide, and one that is not an
 * object (`null`, a scalar: no endpoint takes one; an array, but where the route takes one, `@JsonArrayBody()`)
 * are refused (400), all before any validation runs.
 */
export function parseJsonBody(body: string, arrayAllowed = false): object | undefined {
  const text = body.trim();
  if (text === '') return undefined;
  if (exceedsDepth(text, MAX_BODY_DEPTH)) throw refusal(400, `The body nests objects or arrays deeper than ${MAX_BODY_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw refusal(400, `Malformed JSON body: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || (Array.isArray(parsed) && !arrayAllowed)) throw refusal(400, 'The body must be a JSON object');
  const problem = unsafeShape(parsed);
  if (problem !== undefined) throw refusal(400, problem);
  return parsed;
}

/**
 * A route whose body may be a JSON array as well as an object (a batch of up to a bounded number of items, as
 * the conversation ingest takes): every other route keeps refusing an array before validation.
 */
export const JsonArrayBody = () => RouteConfig({ jsonArrayBody: true });

const takesArray = (request: FastifyRequest) => (request.routeOptions.config as { jsonArrayBody?: unknown } | undefined)?.jsonArrayBody === true;

/** Resolved when first needed: a process that never takes a large body never needs the build. */
const worker = () => workerFile(__dirname, 'json-body.worker');

/**
 * A large body read by `workers`; their refusals answered with the status they stand for. The body's memory
 * moves to the thread when it is the body's alone (a large Buffer is not carved from Node's shared pool).
 */
async function parsedByWorker(workers: WorkerPool, body: Buffer): Promise<object | undefined> {
  const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
  try {
    return await workers.run<object | undefined>(worker(), 'parse', body, {
      what: 'Reading the body',
      timeoutMs: 20_000,
      ...(own ? { transfer: [body.buffer as ArrayBuffer] } : {}),
    });
  } catch (error) {
    if (error instanceof DomainError) throw refusal(DOMAIN_STATUS[error.kind], error.message);
    throw error;
  }
}

/**
 * JSON bodies as the house rules want them (`parseJsonBody`), and nothing else: every other parser Fastify
 * ships (text, and any it may add) is removed, so a body of another or no content type answers 415 instead of
 * reaching a route as if there were none. Bodies over LARGE_BODY_BYTES are read by `workers`.
 */
export function installJsonBodyParser(fastify: FastifyInstance, workers: WorkerPool) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, async (request: FastifyRequest, body: Buffer) => {
    if (declaresOtherCharset(request)) throw refusal(415, 'A JSON body must be encoded in UTF-8');
    keepRawBody(request, body);
    // A route that takes an array keeps BODY_LIMIT (= LARGE_BODY_BYTES), so its bodies never reach the worker.
    return body.length > LARGE_BODY_BYTES ? parsedByWorker(workers, body) : parseJsonBody(body.toString('utf8'), takesArray(request));
  });
  // Any other content type, or none: 415 with a reason, the body left unread (Fastify closes the
  // connection after a parser error). A path no route serves still answers 404 or 405, whatever its body.
  fastify.addContentTypeParser('*', (request, _payload, done) => {
    if (request.is404) return done(null, undefined);
    done(unacceptedBody(request), undefined);
  });
}

/** The 415 for a body of a type the route does not read. */
export function unacceptedBody(request: FastifyRequest): Error {
  const mediaType = request.headers['content-type']?.split(';', 1)[0].trim().slice(0, 100);
  const sent = mediaType ? `${mediaType} is not accepted` : 'A body needs a Content-Type';
  return refusal(415, `${sent}: bodies are JSON (application/json)`);
}
