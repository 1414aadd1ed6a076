/**
 * A service at an operator-configured URL (a translation engine, an LLM endpoint) that failed: cannot be
 * reached, too slow, answered too much. Its message names the service and the URL's origin, never a key.
 */
export class ServiceFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceFailed';
  }
}

/** How long one request may take (body included), and how much of an answer is read. */
export interface ServiceLimits {
  timeoutMs: number;
  maxBytes: number;
}

export interface ServiceAnswer {
  status: number;
  /** The answer's JSON, undefined when it is none. */
  json: unknown;
  text: string;
}

/**
 * One JSON request to a service at an operator-configured URL (TRANSLATION_URL, DEEPL_URL, INSIGHTS_LLM_URL:
 * never a user's, so not under the SSRF address policy), bounded in time and size, redirects refused. A
 * service that cannot be reached, is too slow or answers too much is ServiceFailed, named as `service` with
 * the URL's origin. Any status is an answer: the caller reads its own services' errors.
 */
export async function requestJson(
  service: string,
  url: string,
  request: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  limits: ServiceLimits,
): Promise<ServiceAnswer> {
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
    if (error instanceof ServiceFailed) throw error;
    if (signal.aborted) throw new ServiceFailed(`${where} did not answer within ${limits.timeoutMs / 1000} s`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new ServiceFailed(`${where} cannot be reached (${cause}): check that it runs and the URL`);
  }
}

async function boundedText(response: Response, maxBytes: number, where: string): Promise<string> {
  if (!response.body) return '';
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body.cancel();
    throw new ServiceFailed(`${where} answered more than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ServiceFailed(`${where} answered more than ${maxBytes} bytes`);
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
export function serviceMessage(answer: ServiceAnswer, field: string): string {
  const json = answer.json;
  const message = json && typeof json === 'object' && Object.hasOwn(json, field) ? (json as Record<string, unknown>)[field] : undefined;
  return typeof message === 'string' && message ? message.slice(0, 300) : `HTTP ${answer.status}`;
}
