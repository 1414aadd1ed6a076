import { AttemptOutcome } from './webhook-delivery.events';

/** A Retry-After longer than this is held to it: a receiver cannot park a delivery for days. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

/** What one attempt got: an answer's status (and Retry-After), or none. */
export interface AttemptResult {
  statusCode: number | null;
  /** The answer's Retry-After header, as sent. */
  retryAfter?: string;
  /** Nothing was sent (an address the policy refuses, a URL that is not one): trying again changes nothing. */
  refused?: boolean;
}

/**
 * The wait before attempt `attempt + 1`: exponential (base × 2^(attempt−1)) with equal jitter, half of it
 * fixed and half drawn (`random` in [0, 1)), so retries of many deliveries that failed together spread
 * out while each still waits at least half its step.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number): number {
  const step = baseMs * 2 ** (attempt - 1);
  return Math.round(step / 2 + (step / 2) * random());
}

/**
 * A Retry-After header in milliseconds from `now`: delta-seconds or an HTTP date, at most
 * MAX_RETRY_AFTER_MS; null when absent or unreadable (the backoff applies).
 */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (header === undefined) return null;
  const text = header.trim();
  let ms: number;
  if (/^\d{1,10}$/.test(text)) ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
    ms = Math.max(0, date - now.getTime());
  }
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

/** Whether an answer (or its absence) is worth trying again: no answer, 429 or a 5xx. */
export const retryable = (result: AttemptResult) => !result.refused && (result.statusCode === null || result.statusCode === 429 || result.statusCode >= 500);

/** Attempt `attempt`'s verdict: succeeded on 2xx, retried when retryable and attempts remain, failed otherwise. */
export function attemptOutcome(result: AttemptResult, attempt: number, policy: RetryPolicy, now: Date, random: () => number): AttemptOutcome {
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299) return { result: 'succeeded' };
  if (!retryable(result) || attempt >= policy.maxAttempts) return { result: 'failed' };
  const wait = (result.statusCode === 429 ? retryAfterMs(result.retryAfter, now) : null) ?? backoffMs(attempt, policy.retryBaseMs, random);
  return { result: 'retrying', nextAttemptAt: new Date(now.getTime() + wait).toISOString() };
}
