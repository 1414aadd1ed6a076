import { mapConcurrently } from './map-concurrently';

/** A task that counts how many of its kind are in flight, and finishes a macrotask later. */
function counting() {
  const seen = { inFlight: 0, most: 0, started: 0 };
  const task = async (n: number) => {
    seen.started++;
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    seen.inFlight--;
    if (n < 0) throw new Error(`failed on ${n}`);
    return n * 2;
  };
  return { seen, task };
}

describe('mapConcurrently', () => {
  it('keeps at most `limit` calls in flight and answers in the items order', async () => {
    const { seen, task } = counting();
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(await mapConcurrently(items, 4, task)).toEqual(items.map((n) => n * 2));
    expect(seen.most).toBe(4);
  });

  it('answers an empty list without calling', async () => {
    const { seen, task } = counting();
    expect(await mapConcurrently([], 4, task)).toEqual([]);
    expect(seen.started).toBe(0);
  });

  it('fails with the first failure and starts nothing after it', async () => {
    const { seen, task } = counting();
    await expect(mapConcurrently([1, -1, 2, 3, 4, 5], 1, task)).rejects.toThrow('failed on -1');
    expect(seen.started).toBe(2);
  });

  it('refuses a limit that is not a positive integer', async () => {
    await expect(mapConcurrently([1], 0, async (n) => n)).rejects.toThrow(RangeError);
  });
});
