import { StoreUnanswered, withinDeadline } from './store-deadline';

describe('store deadlines', () => {
  it('passes an answer (or a failure) through, as it came', async () => {
    await expect(withinDeadline('MongoDB', 'find', 1_000, async () => 7)).resolves.toBe(7);
    await expect(withinDeadline('MongoDB', 'find', 1_000, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('gives up on a call that never answers, naming the store, and cancels what it abandons', async () => {
    let cancelled = false;
    const error = await withinDeadline('EventStoreDB', 'read $all', 20, () => new Promise(() => undefined), () => (cancelled = true)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnanswered);
    expect(error).toMatchObject({ store: 'EventStoreDB', operation: 'read $all', message: 'EventStoreDB did not answer (read $all) within 20 ms' });
    expect(cancelled).toBe(true);
  });

  it('restarts the bound whenever the call makes progress', async () => {
    const work = async (progressed: () => void) => {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 15));
        progressed();
      }
      return 'done';
    };
    // Five steps of 15 ms each outlast 40 ms in all, never 40 ms without progress.
    await expect(withinDeadline('EventStoreDB', 'read $all', 40, work)).resolves.toBe('done');
  });
});
