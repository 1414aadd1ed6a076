import { AggregateStateCache } from './aggregate-state-cache';

const counter = { name: 'counter' };
const auditor = { name: 'auditor' };

describe('AggregateStateCache', () => {
  it('holds at most its capacity, evicting the least recently used stream', () => {
    const cache = new AggregateStateCache(2);
    cache.remember('poll-a', counter, { n: 1 }, 0n);
    cache.remember('poll-b', counter, { n: 2 }, 0n);
    cache.get('poll-a', counter); // b is now the least recently used
    cache.remember('poll-c', counter, { n: 3 }, 0n);
    expect(cache.size).toBe(2);
    expect(cache.get('poll-b', counter)).toBeUndefined();
    expect(cache.get('poll-a', counter)).toEqual({ state: { n: 1 }, revision: 0n });
    expect(cache.get('poll-c', counter)).toEqual({ state: { n: 3 }, revision: 0n });
  });

  it('keeps the states of two deciders of one stream apart, by decider identity', () => {
    const cache = new AggregateStateCache(10);
    cache.remember('poll-a', counter, { n: 4 }, 3n);
    expect(cache.get('poll-a', auditor)).toBeUndefined();
    cache.remember('poll-a', auditor, { seen: ['x'] }, 3n);
    expect(cache.get('poll-a', counter)?.state).toEqual({ n: 4 });
    expect(cache.get('poll-a', auditor)?.state).toEqual({ seen: ['x'] });
    // Equal-looking deciders are still different deciders.
    expect(cache.get('poll-a', { name: 'counter' })).toBeUndefined();
  });

  it('keeps the newer state when an older one arrives late (two loads finishing out of order)', () => {
    const cache = new AggregateStateCache(10);
    cache.remember('poll-a', counter, { n: 5 }, 5n);
    expect(cache.remember('poll-a', counter, { n: 3 }, 3n)).toEqual({ state: { n: 5 }, revision: 5n });
    expect(cache.get('poll-a', counter)?.revision).toBe(5n);
    cache.remember('poll-a', counter, { n: 6 }, 6n);
    expect(cache.get('poll-a', counter)).toEqual({ state: { n: 6 }, revision: 6n });
  });

  it('forgets a stream for one decider only', () => {
    const cache = new AggregateStateCache(10);
    cache.remember('poll-a', counter, { n: 1 }, 0n);
    cache.remember('poll-a', auditor, { n: 1 }, 0n);
    cache.forget('poll-a', counter);
    expect(cache.get('poll-a', counter)).toBeUndefined();
    expect(cache.get('poll-a', auditor)).toBeDefined();
  });

  it('freezes what it holds all the way down: every later command starts from the same object', () => {
    const cache = new AggregateStateCache(10);
    const { state } = cache.remember('poll-a', counter, { voters: [{ id: 'u1' }] }, 0n);
    expect(() => state.voters.push({ id: 'u2' })).toThrow(TypeError);
    expect(() => {
      state.voters[0].id = 'u3';
    }).toThrow(TypeError);
  });
});
