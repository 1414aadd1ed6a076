import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Caller } from '../auth/caller';
import { SystemClock } from '../clock';
import { Decider } from '../domain/decider';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { ProjectionProgress } from '../projections/projection-progress';
import { Aggregates } from './aggregates';

/**
 * Two processes writing one SQLite log, as the API and the CLI (or two API replicas on one file) do: each
 * has its own store connection and its own Aggregates, hence its own state cache.
 */

/** Each vote records how many voters its decider saw: on fresh state, that is the vote's own revision. */
type VoteEvent = { type: 'Voted'; data: { voter: string; seen: number } };
type VoteState = { voters: string[] };
const votes: Decider<{ type: 'Vote'; voter: string; now: string }, VoteEvent, VoteState> = {
  initialState: { voters: [] },
  evolve: (state, event) => ({ voters: [...state.voters, event.data.voter] }),
  decide: (command, state) => [{ type: 'Voted', data: { voter: command.voter, seen: state.voters.length } }],
};

const caller: Caller = { userId: 'u1', source: 'api', correlationId: 'request1' };
const stream = 'poll-p1';
// Handlers wait for their projections; none run here.
const caughtUp = { waitFor: async () => true } as unknown as ProjectionProgress;

describe('Aggregates over one SQLite log written by two processes', () => {
  let dir: string;
  let stores: SqliteEventStore[];
  let api: Aggregates;
  let cli: Aggregates;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-aggregates-'));
    stores = [new SqliteEventStore(join(dir, 'events.db')), new SqliteEventStore(join(dir, 'events.db'))];
    [api, cli] = stores.map((store) => new Aggregates(store, caughtUp, new SystemClock(), { aggregateCacheSize: 100 }));
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const vote = (by: Aggregates, voter: string) => by.handle(stream, votes, { type: 'Vote', voter }, caller);
  const log = async () => (await stores[0].readStream(stream)).map((e) => [e.data.voter, e.data.seen, e.revision]);

  it('sees at the next load what the other process appended after its state was cached', async () => {
    await vote(api, 'a1');
    expect((await api.load(stream, votes)).state.voters).toEqual(['a1']); // cached at revision 0
    await vote(cli, 'c1');
    expect(await api.load(stream, votes)).toEqual({ state: { voters: ['a1', 'c1'] }, revision: 1n });
    const handled = await vote(api, 'a2');
    expect(handled).toMatchObject({ state: { voters: ['a1', 'c1', 'a2'] }, revision: 2n });
    expect(await log()).toEqual([['a1', 0, 0n], ['c1', 1, 1n], ['a2', 2, 2n]]);
  });

  it('lands both of two concurrent commands, each decided on fresh state: no lost update', async () => {
    // Both caches hold a state first, so each process's next command starts from one the other made stale.
    await vote(api, 'a0');
    await vote(cli, 'c0');
    for (let round = 1; round <= 10; round++) {
      const [a, c] = await Promise.all([vote(api, `a${round}`), vote(cli, `c${round}`)]);
      expect(new Set([a.revision, c.revision])).toEqual(new Set([BigInt(2 * round), BigInt(2 * round + 1)]));
    }
    const events = await log();
    expect(events).toHaveLength(22);
    events.forEach(([, seen, revision]) => expect(BigInt(seen as number)).toBe(revision));
    const expected = ['a0', 'c0', ...Array.from({ length: 10 }, (_, i) => [`a${i + 1}`, `c${i + 1}`]).flat()];
    expect(events.map(([voter]) => voter).sort()).toEqual(expected.sort());
    expect((await api.load(stream, votes)).state.voters).toEqual(events.map(([voter]) => voter));
    expect((await cli.load(stream, votes)).state.voters).toEqual(events.map(([voter]) => voter));
  }, 60_000);
});
