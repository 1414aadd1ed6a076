import { join } from 'node:path';
import { TooLarge, Unavailable } from '../domain/errors';
import { WorkerPool, workerFile } from './worker-pool';
import { refusalOf, workerTask } from './worker-task';

const TASKS = join(__dirname, 'fixtures', 'test-tasks.worker.js');
const limits = { what: 'The test task', timeoutMs: 5_000 };

describe('WorkerPool', () => {
  let pool: WorkerPool;
  beforeEach(() => (pool = new WorkerPool({ threads: 1, maxQueue: 2 })));
  afterEach(() => pool.close());

  it('runs a task in a thread and answers its value, cloned', async () => {
    const input = { nested: { list: [1, 'a', null, { deep: true }] } };
    const value = await pool.run<typeof input>(TASKS, 'echo', input, limits);
    expect(value).toEqual(input);
    expect(value).not.toBe(input);
  });

  it('throws a refusal as the domain error it was, with its message', async () => {
    const refusal = pool.run(TASKS, 'refuse', 'over the limit', limits);
    await expect(refusal).rejects.toThrow(TooLarge);
    await expect(refusal).rejects.toThrow('over the limit');
  });

  it('passes any other failure on as it is', () => expect(pool.run(TASKS, 'crash', null, limits)).rejects.toThrow('the task failed'));

  it('ends a task past its time limit as too large, and the pool goes on with a new thread', async () => {
    await expect(pool.run(TASKS, 'spin', null, { what: 'Spinning', timeoutMs: 300 })).rejects.toThrow(
      new TooLarge('Spinning took more than 0.3 s of work: the server does not do that much for one request'),
    );
    expect(await pool.run(TASKS, 'echo', 'after', limits)).toBe('after');
  }, 30_000);

  it('refuses a task at once when the queue is full, as unavailable', async () => {
    const spinning = [1, 2, 3].map(() => pool.run(TASKS, 'spin', null, { what: 'Spinning', timeoutMs: 2_000 }).catch((error: unknown) => error));
    // One thread busy and two tasks queued: the next is refused before it waits.
    await expect(pool.run(TASKS, 'echo', 'late', limits)).rejects.toThrow(Unavailable);
    for (const outcome of await Promise.all(spinning)) expect(outcome).toBeInstanceOf(TooLarge);
  }, 30_000);

  it('ends a thread once it has been idle a few seconds, so the heap its tasks grew goes back to the system', async () => {
    expect(await pool.run(TASKS, 'echo', 'once', limits)).toBe('once');
    expect(pool.threads).toBe(1);
    const deadline = Date.now() + 15_000;
    while (pool.threads > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.threads).toBe(0);
    expect(await pool.run(TASKS, 'echo', 'again', limits)).toBe('again');
  }, 30_000);

  it('starts no thread before the first task, and closes without one', async () => {
    const idle = new WorkerPool();
    await idle.close();
  });
});

describe('workerTask and refusalOf', () => {
  it('carries a domain error across as its kind and message, and rebuilds it', async () => {
    const outcome = await workerTask(() => {
      throw new Unavailable('busy');
    })(null);
    expect(outcome).toEqual({ refused: { kind: 'Unavailable', message: 'busy' } });
    const error = refusalOf({ kind: 'NotFound', message: 'page x not found' });
    expect(error.kind).toBe('NotFound');
    expect(error.message).toBe('page x not found');
  });

  it('lets any other error through', () => expect(workerTask(() => Promise.reject(new Error('boom')))(null)).rejects.toThrow('boom'));
});

describe('workerFile', () => {
  it('finds a worker beside its module when it is JavaScript, else its built counterpart in dist/', () => {
    expect(workerFile(join(__dirname, 'fixtures'), 'test-tasks.worker')).toBe(TASKS);
    expect(() => workerFile(join(__dirname, 'fixtures'), 'no-such.worker')).toThrow(/dist\/libs\/platform\/src\/workers\/fixtures\/no-such\.worker\.js is missing/);
  });
});
