import { readAhead } from './read-ahead';

describe('readAhead', () => {
  it('answers in order with at most `ahead` under way, and stops at the first failure', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = async (n: number) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      if (n === 4) throw new Error('four');
      return n * 10;
    };
    const seen: number[] = [];
    const outcome = (async () => {
      for await (const [item, result] of readAhead([1, 2, 3, 4, 5], 2, work)) seen.push(item, result);
    })().then(
      () => 'done',
      (error: Error) => error.message,
    );
    // Let every started task finish, as many times as it takes.
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.splice(0).forEach((release) => release());
    }
    expect(await outcome).toBe('four');
    expect(seen).toEqual([1, 10, 2, 20, 3, 30]);
    expect(most).toBe(2);
  });
});
