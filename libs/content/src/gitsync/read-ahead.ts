/**
 * `work` over each of `items`, answered in order, with up to `ahead` of them under way at once: batches of pages
 * go to the worker threads while the event loop applies the one before, and memory holds `ahead` batches, not all.
 */
export async function* readAhead<T, R>(items: readonly T[], ahead: number, work: (item: T) => Promise<R>): AsyncGenerator<[T, R]> {
  const pending: Promise<R>[] = [];
  let next = 0;
  const start = () => {
    const promise = work(items[next++]);
    promise.catch(() => undefined); // awaited in turn below; a rejection is not unhandled meanwhile
    pending.push(promise);
  };
  for (let i = 0; i < items.length; i++) {
    while (next < items.length && pending.length < ahead) start();
    yield [items[i], await pending.shift()!];
  }
}
