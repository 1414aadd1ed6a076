import { EngineFailed } from './translation-engine';

/** How long one engine request may take (body included), and how much of an answer is read. */
export interface EngineHttpLimits {
  timeoutMs: number;
  maxBytes: number;
}
// A request carries at most BATCH_CHARACTERS of text: its answer is a few times that at most.
export const ENGINE_HTTP_LIMITS: EngineHttpLimits = { timeoutMs: 30_000, maxBytes: 4 * 1024 * 1024 };

export interface EngineAnswer {
  status: number;
  /** The answer's JSON, undefined when it is none. */
  json: unknown;
  text: string;
}

/**
 * One JSON request to a translation service at an operator-configured URL (TRANSLATION_URL, DEEPL_URL: never
 * a user's, so not under the SSRF address policy), bounded in time and size. A service that cannot be reached,
 * is too slow or answers too much is EngineFailed, named as `service` with the URL's origin (never its key).
 */
export async function requestJson(
  service: string,
  url: string,
  request: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  limits: EngineHttpLimits,
): Promise<EngineAnswer> {
  const where = `${service} at ${new URL(url).origin}`;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
      redirect: 'error',
    });
    const text = await boundedText(response, limits.maxBytes, where);
    return { status: response.status, json: parsed(text), text };
  } catch (error) {
    if (error instanceof EngineFailed) throw error;
    if (signal.aborted) throw new EngineFailed(`${where} did not answer within ${limits.timeoutMs / 1000} s`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new EngineFailed(`${where} cannot be reached (${cause}): check that it runs and the URL`);
  }
}

async function boundedText(response: Response, maxBytes: number, where: string): Promise<string> {
  if (!response.body) return '';
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body.cancel();
    throw new EngineFailed(`${where} answered more than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new EngineFailed(`${where} answered more than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A service's error message from its JSON answer's `field`, bounded, or its status when it gave none. */
export function serviceMessage(answer: EngineAnswer, field: string): string {
  const json = answer.json;
  const message = json && typeof json === 'object' && Object.hasOwn(json, field) ? (json as Record<string, unknown>)[field] : undefined;
  return typeof message === 'string' && message ? message.slice(0, 300) : `HTTP ${answer.status}`;
}

/** The translations of an answer when they are `count` strings, else EngineFailed saying what came instead. */
export function translationsOf(service: string, value: unknown, count: number): string[] {
  if (Array.isArray(value) && value.length === count && value.every((text) => typeof text === 'string')) return value as string[];
  throw new EngineFailed(
    Array.isArray(value) ? `${service} answered ${value.length} translations for ${count} texts` : `${service} answered no list of translations: is it the ${service} API?`,
  );
}
