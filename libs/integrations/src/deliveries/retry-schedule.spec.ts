import { attemptOutcome, backoffMs, MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-schedule';

const now = new Date('2026-03-02T10:00:00.000Z');
const policy = { maxAttempts: 4, retryBaseMs: 1000 };
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('retry schedule', () => {
  it('doubles from the base, with equal jitter between half and all of each step', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1000, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1000, () => 0.5))).toEqual([750, 1500, 3000, 6000]);
    expect(backoffMs(3, 1000, () => 0.999999)).toBe(4000);
  });

  it('reads Retry-After as seconds or an HTTP date, bounded, and ignores what it cannot read', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Mon, 02 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('99999999', now)).toBe(MAX_RETRY_AFTER_MS);
    for (const unreadable of [undefined, '', '-5', '1.5', 'soon', '2 minutes']) expect(retryAfterMs(unreadable, now)).toBeNull();
  });

  it('succeeds on 2xx, retries network errors, 429 and 5xx while attempts remain, fails other answers at once', () => {
    const random = () => 0;
    expect(attemptOutcome({ statusCode: 204 }, 1, policy, now, random)).toEqual({ result: 'succeeded' });
    expect(attemptOutcome({ statusCode: null }, 1, policy, now, random)).toEqual({ result: 'retrying', nextAttemptAt: at(500) });
    expect(attemptOutcome({ statusCode: 503 }, 2, policy, now, random)).toEqual({ result: 'retrying', nextAttemptAt: at(1000) });
    expect(attemptOutcome({ statusCode: 500 }, 4, policy, now, random)).toEqual({ result: 'failed' });
    for (const statusCode of [301, 400, 404, 410]) expect(attemptOutcome({ statusCode }, 1, policy, now, random)).toEqual({ result: 'failed' });
    expect(attemptOutcome({ statusCode: null, refused: true }, 1, policy, now, random)).toEqual({ result: 'failed' });
  });

  it('waits what a 429 asks (Retry-After), else the backoff', () => {
    expect(attemptOutcome({ statusCode: 429, retryAfter: '7' }, 1, policy, now, () => 0)).toEqual({ result: 'retrying', nextAttemptAt: at(7000) });
    expect(attemptOutcome({ statusCode: 429 }, 3, policy, now, () => 0)).toEqual({ result: 'retrying', nextAttemptAt: at(2000) });
  });
});
