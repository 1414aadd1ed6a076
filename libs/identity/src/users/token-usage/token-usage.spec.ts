import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { ManualClock } from '@folio/platform/clock';
import { SqliteTokenUsage } from './sqlite-token-usage';
import { TokenUsage, USE_GRANULARITY_MS } from './token-usage';
import { TokenUse, TokenUsageStore } from './token-usage.port';

const T0 = '2026-01-01T10:00:00.000Z';

/** The real SQLite table, counting the batches written to it, and failing them while told to. */
class CountingUsage extends SqliteTokenUsage {
  batches: TokenUse[][] = [];
  failing = false;
  override async record(uses: readonly TokenUse[]): Promise<void> {
    if (this.failing) throw new Error('store unavailable');
    this.batches.push([...uses]);
    await super.record(uses);
  }
}

describe('token usage', () => {
  let dir: string;
  let store: CountingUsage;
  let clock: ManualClock;
  let usage: TokenUsage;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-usage-'));
    store = new CountingUsage(join(dir, 'token-usage.db'));
    clock = new ManualClock(new Date(T0));
    usage = new TokenUsage(store, clock);
  });
  afterEach(async () => {
    await usage.onApplicationShutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records nothing until used, then the first use', async () => {
    expect(await usage.lastUsed(['t1'])).toEqual(new Map());
    usage.used('t1');
    await usage.settled();
    expect(await usage.lastUsed(['t1', 't2'])).toEqual(new Map([['t1', T0]]));
  });

  it('never writes during the request that used the token: the write comes on a later turn', async () => {
    usage.used('t1');
    expect(store.batches).toEqual([]);
    await usage.settled();
    expect(store.batches).toEqual([[{ tokenId: 't1', usedAt: T0 }]]);
  });

  it('writes nothing for uses within the hour of the recorded one, and records again an hour later', async () => {
    usage.used('t1');
    await usage.settled();
    clock.advance(USE_GRANULARITY_MS - 1);
    usage.used('t1');
    await usage.settled();
    expect(store.batches).toHaveLength(1);
    clock.advance(1);
    usage.used('t1');
    await usage.settled();
    expect(store.batches).toHaveLength(2);
    expect((await usage.lastUsed(['t1'])).get('t1')).toBe(clock.nowIso());
  });

  it('writes the uses of one turn in one batch, and those queued meanwhile in the next', async () => {
    for (const id of ['a', 'b', 'c', 'a']) usage.used(id);
    await new Promise((resolve) => setImmediate(resolve));
    usage.used('d');
    await usage.settled();
    expect(store.batches.map((b) => b.map((u) => u.tokenId))).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('logs a failure and keeps it to itself, and records the token again at its next use', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    store.failing = true;
    usage.used('t1');
    await usage.settled();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ tokens: 1 }), 'recording API token uses failed');
    logged.mockRestore();
    store.failing = false;
    usage.used('t1');
    await usage.settled();
    expect(await usage.lastUsed(['t1'])).toEqual(new Map([['t1', T0]]));
  });

  it('keeps the later time whoever writes last: another process may record an older one after', async () => {
    const later = '2026-01-01T12:00:00.000Z';
    await store.record([{ tokenId: 't1', usedAt: later }]);
    await store.record([{ tokenId: 't1', usedAt: T0 }]);
    const other: TokenUsageStore = new SqliteTokenUsage(join(dir, 'token-usage.db'));
    expect(await other.lastUsed(['t1'])).toEqual(new Map([['t1', later]]));
    await other.close();
  });
});
