import { TokenBucket } from './token-bucket';

/** Times are epoch milliseconds given by hand: no test sleeps or reads the clock. */
describe('TokenBucket', () => {
  const t0 = 1_772_355_600_000; // 2026-03-01T09:00:00Z, a whole second

  it('lets a burst through at once, then refuses, with what is left and when it is full again', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 1 }, t0);
    expect(bucket.take(t0)).toEqual({ allowed: true, limit: 3, remaining: 2, resetAt: t0 / 1000 + 1, retryAfter: 0 });
    expect(bucket.take(t0)).toMatchObject({ allowed: true, remaining: 1, resetAt: t0 / 1000 + 2 });
    expect(bucket.take(t0)).toMatchObject({ allowed: true, remaining: 0, resetAt: t0 / 1000 + 3 });
    expect(bucket.take(t0)).toEqual({ allowed: false, limit: 3, remaining: 0, resetAt: t0 / 1000 + 3, retryAfter: 1 });
  });

  it('refills continuously at its rate, never past its burst', () => {
    const bucket = new TokenBucket({ burst: 2, perSecond: 4 }, t0);
    bucket.take(t0);
    bucket.take(t0);
    expect(bucket.take(t0 + 200)).toMatchObject({ allowed: false, retryAfter: 1 });
    // 250 ms at 4 per second: one whole token, taken at once.
    expect(bucket.take(t0 + 250)).toMatchObject({ allowed: true, remaining: 0 });
    expect(bucket.take(t0 + 60_000)).toMatchObject({ allowed: true, remaining: 1, resetAt: Math.ceil(t0 / 1000 + 60 + 0.25) });
  });

  it('says how many seconds a slow bucket needs, and lets the caller through once they have passed', () => {
    const bucket = new TokenBucket({ burst: 1, perSecond: 0.1 }, t0);
    bucket.take(t0);
    expect(bucket.take(t0 + 2_500)).toMatchObject({ allowed: false, retryAfter: 8, resetAt: t0 / 1000 + 10 });
    // A refused request takes nothing: the wait it was told is the wait it gets.
    expect(bucket.take(t0 + 9_999)).toMatchObject({ allowed: false, retryAfter: 1 });
    expect(bucket.take(t0 + 10_000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('refills nothing, and takes nothing extra, when the clock steps back', () => {
    const bucket = new TokenBucket({ burst: 2, perSecond: 1 }, t0);
    bucket.take(t0);
    expect(bucket.take(t0 - 5_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(bucket.take(t0 - 5_000)).toMatchObject({ allowed: false });
  });
});
