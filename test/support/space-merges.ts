import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { StaleMain } from '@folio/content/spaces/space.decider';
import { TestServer } from './server';

/**
 * Watches (and may hold) the merges appended to a space's stream, the second step of a merge: the tests
 * make races happen where they must, instead of hoping for them. `before` runs before each append.
 */
export function watchSpaceMerges(server: TestServer, before: (call: number) => Promise<void> = async () => {}) {
  const aggregates = server.app.get(Aggregates);
  const original = aggregates.handle.bind(aggregates);
  const seen = { calls: 0, stale: 0 };
  const spy = jest.spyOn(aggregates, 'handle').mockImplementation(async (stream, decider, command, caller, options) => {
    if ((command as { type: string }).type !== 'MergeChangeRequest') return original(stream, decider, command, caller, options);
    const call = ++seen.calls;
    await before(call);
    try {
      return await original(stream, decider, command, caller, options);
    } catch (error) {
      if (error instanceof StaleMain) seen.stale++;
      throw error;
    }
  });
  return { seen, restore: () => spy.mockRestore() };
}

/** A promise with its resolver, to hold a step until the test lets it go. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
