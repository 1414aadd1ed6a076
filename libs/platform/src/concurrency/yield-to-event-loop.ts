/**
 * Resolves on a later turn of the event loop, after the I/O already waiting (other requests) has run. A
 * chain of `await`s on promises that are already settled never leaves the microtask queue, so a long
 * step of background work (a projection pass over a large page) would otherwise hold every request.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
