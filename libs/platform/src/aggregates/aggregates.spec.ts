import { Caller } from '../auth/caller';
import { ManualClock } from '../clock';
import { Decider } from '../domain/decider';
import { Conflict, PreconditionFailed } from '../domain/errors';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  StoredEvent,
  WrongExpectedRevision,
} from '../event-store/event-store.port';
import { ProjectionProgress } from '../projections/projection-progress';
import { ReadStore } from '../read-store/read-store.port';
import { Aggregates } from './aggregates';

/** A tally of votes: small enough to read, with a rule that depends on the state (one vote per voter). */
type VoteEvent = { type: 'Voted'; data: { voter: string; votedAt: string } };
type VoteCommand = { type: 'Vote'; voter: string; now: string };
type VoteState = { voters: string[] };

/** The decider, recording every decision it was asked for (state and time seen). */
function voteDecider() {
  const decisions: { voters: string[]; now: string }[] = [];
  const decider: Decider<VoteCommand, VoteEvent, VoteState> = {
    initialState: { voters: [] },
    evolve: (state, event) => ({ voters: [...state.voters, event.data.voter] }),
    decide: (command, state) => {
      decisions.push({ voters: state.voters, now: command.now });
      if (state.voters.includes(command.voter)) return [];
      return [{ type: 'Voted', data: { voter: command.voter, votedAt: command.now } }];
    },
  };
  return { decider, decisions };
}

/**
 * Test double of the event store port: streams in memory with the real optimistic check. Before each
 * of the next appends, the next of `rivals` votes gets in first (one second later), so that append is
 * refused with WrongExpectedRevision, as a real store would refuse it.
 */
class RacedStore implements EventStore {
  readonly streams = new Map<string, StoredEvent[]>();
  readonly attempts: ExpectedRevision[] = [];
  /** The revision each stream read started after. */
  readonly readsAfter: bigint[] = [];
  private position = 0;

  constructor(
    private readonly clock: ManualClock,
    public rivals: string[] = [],
  ) {}

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    this.attempts.push(expected);
    const rival = this.rivals.shift();
    if (rival) {
      this.clock.advance(1000);
      this.write(stream, [rivalVote(rival, this.clock.nowIso())]);
    }
    const current = this.streams.get(stream) ?? [];
    const actual = current.length ? current[current.length - 1].revision : 'no-stream';
    const matches = expected === 'any' || (expected === 'no-stream' ? actual === 'no-stream' : actual === expected);
    if (!matches) throw new WrongExpectedRevision(stream, expected, actual);
    return this.write(stream, events);
  }

  /** What only the handler under test wrote. */
  ours(stream: string): StoredEvent[] {
    return (this.streams.get(stream) ?? []).filter((e) => e.metadata.actor !== 'rival');
  }

  private write(stream: string, events: NewEvent[]): AppendResult {
    const current = this.streams.get(stream) ?? [];
    for (const event of events) {
      // Stored as JSON, as the real stores do.
      const data = JSON.parse(JSON.stringify(event.data));
      current.push({ ...event, data, stream, revision: BigInt(current.length), position: String(++this.position) });
    }
    this.streams.set(stream, current);
    return { nextRevision: BigInt(current.length - 1), position: String(this.position) };
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    this.readsAfter.push(-1n);
    return [...(this.streams.get(stream) ?? [])];
  }

  async readStreamAfter(stream: string, revision: bigint): Promise<StoredEvent[]> {
    this.readsAfter.push(revision);
    return (this.streams.get(stream) ?? []).filter((e) => e.revision > revision);
  }

  async readAll(): Promise<StoredEvent[]> {
    throw new Error('not used by Aggregates');
  }

  async headPosition(): Promise<string | null> {
    return this.position ? String(this.position) : null;
  }

  onAppended(): () => void {
    return () => undefined;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}

const rivalVote = (voter: string, at: string): NewEvent => ({
  eventId: `rival-${voter}`,
  type: 'Voted',
  data: { voter, votedAt: at },
  metadata: { actor: 'rival', source: 'api', correlationId: 'rival', causationId: 'rival', occurredAt: at, schemaVersion: 1 },
});

/** Records the positions handlers wait for; answers at once, as caught-up projections would. */
class ObservedProgress extends ProjectionProgress {
  readonly waited: string[] = [];
  async waitFor(position: string): Promise<boolean> {
    this.waited.push(position);
    return true;
  }
}

const caller: Caller = { userId: 'u1', source: 'api', correlationId: 'request1' };
const stream = 'poll-p1';
const start = '2026-01-01T00:00:00.000Z';

/** `rivals`: how many other writers get in first, one before each append. */
function setup(rivals = 0) {
  const clock = new ManualClock(new Date(start));
  const store = new RacedStore(clock, Array.from({ length: rivals }, (_, i) => `rival${i + 1}`));
  // status() reads the read store; handle() never does.
  const progress = new ObservedProgress(store, undefined as unknown as ReadStore, []);
  const { decider, decisions } = voteDecider();
  const aggregates = new Aggregates(store, progress, clock, { aggregateCacheSize: 100 });
  const vote = (voter: string, ifMatch?: bigint) =>
    aggregates.handle(stream, decider, { type: 'Vote', voter }, caller, ifMatch === undefined ? {} : { ifMatch });
  return { clock, store, progress, decider, decisions, aggregates, vote };
}

describe('Aggregates.handle', () => {
  it('appends what the decider decided, with the caller and the clock in the metadata, and waits for its projection', async () => {
    const { store, progress, vote } = setup();
    const handled = await vote('u1');
    expect(store.attempts).toEqual(['no-stream']);
    expect(store.ours(stream)).toEqual([
      {
        eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'Voted',
        data: { voter: 'u1', votedAt: start },
        metadata: { actor: 'u1', source: 'api', correlationId: 'request1', causationId: 'request1', occurredAt: start, schemaVersion: 1 },
        stream,
        revision: 0n,
        position: '1',
      },
    ]);
    expect(handled).toEqual({ events: [{ type: 'Voted', data: { voter: 'u1', votedAt: start } }], state: { voters: ['u1'] }, revision: 0n, position: '1' });
    expect(progress.waited).toEqual(['1']);
  });

  it('appends at the revision it loaded', async () => {
    const { store, vote } = setup();
    await vote('u1');
    await vote('u2');
    expect(store.attempts).toEqual(['no-stream', 0n]);
  });

  it('re-loads and re-decides after a concurrent append: the decider sees the other writer\u2019s event and a fresh now', async () => {
    const { store, progress, decisions, vote } = setup(1);
    const handled = await vote('u1');
    const later = '2026-01-01T00:00:01.000Z';
    expect(decisions).toEqual([
      { voters: [], now: start },
      { voters: ['rival1'], now: later },
    ]);
    expect(store.attempts).toEqual(['no-stream', 0n]);
    expect(store.ours(stream)).toEqual([
      expect.objectContaining({ data: { voter: 'u1', votedAt: later }, metadata: expect.objectContaining({ occurredAt: later }), revision: 1n }),
    ]);
    expect(handled).toMatchObject({ state: { voters: ['rival1', 'u1'] }, revision: 1n, position: '2' });
    // Only the append that went in is waited for.
    expect(progress.waited).toEqual(['2']);
  });

  it.each([2, 3, 4])('succeeds after %i refused appends, within its five attempts', async (refusals) => {
    const { store, vote } = setup(refusals);
    const handled = await vote('u1');
    expect(store.attempts).toHaveLength(refusals + 1);
    expect(store.ours(stream)).toHaveLength(1);
    expect(handled.revision).toBe(BigInt(refusals));
  });

  it('gives up with a Conflict (409) after the fifth refused append, having written nothing', async () => {
    const { store, progress, decisions, vote } = setup(5);
    const error = await vote('u1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).message).toMatch(stream);
    expect(store.attempts).toHaveLength(5);
    expect(decisions).toHaveLength(5);
    expect(store.ours(stream)).toEqual([]);
    expect(progress.waited).toEqual([]);
  });

  it('writes nothing and waits for nothing when the decider decides nothing', async () => {
    const { store, progress, vote } = setup();
    await vote('u1');
    const handled = await vote('u1');
    expect(handled).toEqual({ events: [], state: { voters: ['u1'] }, revision: 0n, position: null });
    expect(store.attempts).toHaveLength(1);
    expect(progress.waited).toEqual(['1']);
  });

  it('answers without a conflict when re-deciding finds the work done (a double submit got in first)', async () => {
    const { store, progress, vote } = setup();
    store.rivals = ['u1'];
    const handled = await vote('u1');
    expect(handled).toEqual({ events: [], state: { voters: ['u1'] }, revision: 0n, position: null });
    expect(store.attempts).toEqual(['no-stream']);
    expect(progress.waited).toEqual([]);
  });

  it('refuses with PreconditionFailed (412) when If-Match is not the current revision, without deciding or appending', async () => {
    const { store, progress, decisions, vote } = setup();
    await vote('u1');
    await expect(vote('u2', 5n)).rejects.toBeInstanceOf(PreconditionFailed);
    expect(store.attempts).toHaveLength(1);
    expect(decisions).toHaveLength(1);
    expect(progress.waited).toEqual(['1']);
  });

  it('appends when If-Match is the current revision', async () => {
    const { store, vote } = setup();
    await vote('u1');
    expect((await vote('u2', 0n)).revision).toBe(1n);
    expect(store.ours(stream)).toHaveLength(2);
  });

  it('turns a concurrent append into PreconditionFailed, not a retry, when the caller sent If-Match', async () => {
    const { store, vote } = setup();
    await vote('u1');
    store.rivals = ['u3'];
    await expect(vote('u2', 0n)).rejects.toBeInstanceOf(PreconditionFailed);
    expect(store.ours(stream).map((e) => e.data.voter)).toEqual(['u1']);
  });

  it('lets other store errors through at once, without retrying', async () => {
    const { store, vote } = setup();
    store.append = async (...args) => {
      store.attempts.push(args[2]);
      throw new Error('disk full');
    };
    await expect(vote('u1')).rejects.toThrow('disk full');
    expect(store.attempts).toHaveLength(1);
  });
});

describe('Aggregates: the state cache', () => {
  it('reads only the events after the revision it holds, and decides on them folded in', async () => {
    const { store, decisions, vote } = setup();
    await vote('u1');
    await vote('u2');
    store.rivals = ['rival1']; // appended by someone else before the next append: seen by the re-load
    await vote('u3');
    // The refused append leaves the state held at revision 1: the re-load reads the rival's vote after it.
    expect(store.readsAfter).toEqual([-1n, 0n, 1n, 1n]);
    expect(decisions.map((d) => d.voters)).toEqual([[], ['u1'], ['u1', 'u2'], ['u1', 'u2', 'rival1']]);
    expect(store.ours(stream).map((e) => [e.data.voter, e.revision])).toEqual([['u1', 0n], ['u2', 1n], ['u3', 3n]]);
  });

  it('answers a load from what it holds after an append, reading nothing new', async () => {
    const { store, decider, aggregates, vote } = setup();
    const handled = await vote('u1');
    const loaded = await aggregates.load(stream, decider);
    expect(loaded).toEqual({ state: { voters: ['u1'] }, revision: 0n });
    expect(loaded.state).toBe(handled.state);
    expect(store.readsAfter).toEqual([-1n, 0n]);
  });

  it('holds after an append the very state a load from the store folds (its data through JSON)', async () => {
    type Noted = { type: 'Noted'; data: { note: string; detail?: string } };
    const notes: Decider<{ type: 'Note'; note: string; now: string }, Noted, { notes: Noted['data'][] }> = {
      initialState: { notes: [] },
      evolve: (state, event) => ({ notes: [...state.notes, event.data] }),
      // An optional field left undefined: JSON drops it, so the store never gives it back.
      decide: (command) => [{ type: 'Noted', data: { note: command.note, detail: undefined } }],
    };
    const { store, progress, clock } = setup();
    const aggregates = new Aggregates(store, progress, clock, { aggregateCacheSize: 100 });
    const handled = await aggregates.handle(stream, notes, { type: 'Note', note: 'n1' }, caller);
    const fresh = await new Aggregates(store, progress, clock, { aggregateCacheSize: 100 }).load(stream, notes);
    expect(handled.state).toStrictEqual(fresh.state);
    expect((await aggregates.load(stream, notes)).state).toStrictEqual(fresh.state);
    // The events handed back to the caller are its own, not frozen into the cache.
    expect(Object.isFrozen(handled.events[0].data)).toBe(false);
  });

  it('keeps the states of two deciders of one stream apart', async () => {
    const { store, progress, clock, decider, vote } = setup();
    const count: Decider<never, VoteEvent, number> = { initialState: 0, evolve: (n) => n + 1, decide: () => [] };
    const aggregates = new Aggregates(store, progress, clock, { aggregateCacheSize: 100 });
    await vote('u1');
    await vote('u2');
    expect((await aggregates.load(stream, count)).state).toBe(2);
    expect((await aggregates.load(stream, decider)).state).toEqual({ voters: ['u1', 'u2'] });
    expect((await aggregates.load(stream, count)).state).toBe(2);
  });

  it('forgets what it holds when the stream is found shorter (a restored backup) and reads it whole', async () => {
    const { store, decisions, vote } = setup();
    await vote('u1');
    await vote('u2');
    store.streams.set(stream, store.streams.get(stream)!.slice(0, 1)); // the log as the backup had it
    const handled = await vote('u3');
    expect(store.attempts).toEqual(['no-stream', 0n, 1n, 0n]);
    expect(store.readsAfter).toEqual([-1n, 0n, 1n, -1n]);
    expect(decisions.at(-1)!.voters).toEqual(['u1']);
    expect(handled).toMatchObject({ state: { voters: ['u1', 'u3'] }, revision: 1n });
  });

  it('evicts the least recently used stream beyond its size, and reads an evicted stream whole again', async () => {
    const { store, progress, clock, decider } = setup();
    const aggregates = new Aggregates(store, progress, clock, { aggregateCacheSize: 2 });
    const vote = (poll: string) => aggregates.handle(poll, decider, { type: 'Vote', voter: 'u1' }, caller);
    await vote('poll-a');
    await vote('poll-b');
    await vote('poll-c'); // poll-a goes
    store.readsAfter.length = 0;
    await aggregates.load('poll-c', decider);
    await aggregates.load('poll-b', decider);
    await aggregates.load('poll-a', decider);
    expect(store.readsAfter).toEqual([0n, 0n, -1n]);
  });

  it('refuses, rather than corrupts, an evolve that changes the cached state in place', async () => {
    const { store, progress, clock } = setup();
    const careless: Decider<VoteCommand, VoteEvent, VoteState> = {
      initialState: { voters: [] },
      evolve: (state, event) => {
        state.voters.push(event.data.voter);
        return state;
      },
      decide: (command) => [{ type: 'Voted', data: { voter: command.voter, votedAt: command.now } }],
    };
    const aggregates = new Aggregates(store, progress, clock, { aggregateCacheSize: 100 });
    await store.append(stream, [rivalVote('rival1', start)], 'no-stream');
    await aggregates.load(stream, careless);
    await expect(aggregates.handle(stream, careless, { type: 'Vote', voter: 'u1' }, caller)).rejects.toThrow(TypeError);
  });
});
