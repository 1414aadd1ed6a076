import { ManualClock } from '@folio/platform/clock';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { PublishedAnswers } from './published-answers';

describe('PublishedAnswers', () => {
  let mark: number | null;
  let clock: ManualClock;
  let answers: PublishedAnswers;
  let renders: number;
  const render = async () => ({ n: ++renders });

  beforeEach(() => {
    mark = 1;
    renders = 0;
    clock = new ManualClock(new Date('2026-01-01T00:00:00.000Z'));
    answers = new PublishedAnswers({ changes: () => mark } as unknown as ReadStore, clock);
  });

  it('gives the kept answer while nothing was committed', async () => {
    expect(await answers.answer('k', render)).toBe('{"n":1}');
    expect(await answers.answer('k', render)).toBe('{"n":1}');
    expect(renders).toBe(1);
  });

  it('renders again once the read models changed', async () => {
    await answers.answer('k', render);
    mark = 2;
    expect(await answers.answer('k', render)).toBe('{"n":2}');
  });

  it('keeps answers apart by key', async () => {
    await answers.answer('a', render);
    expect(await answers.answer('b', render)).toBe('{"n":2}');
    expect(await answers.answer('a', render)).toBe('{"n":1}');
  });

  it('keeps nothing where the store cannot tell what changed', async () => {
    mark = null;
    await answers.answer('k', render);
    expect(await answers.answer('k', render)).toBe('{"n":2}');
  });

  it('renders again after a minute, for what turns on the clock alone', async () => {
    await answers.answer('k', render);
    clock.advance(60_000);
    expect(await answers.answer('k', render)).toBe('{"n":2}');
  });

  it('keeps at most sixteen, dropping the oldest', async () => {
    for (let i = 0; i < 17; i++) await answers.answer(`k${i}`, render);
    expect(await answers.answer('k0', render)).toBe('{"n":18}');
    expect(await answers.answer('k16', render)).toBe('{"n":17}');
  });
});
