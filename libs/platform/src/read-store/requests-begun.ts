/**
 * How many requests this process has begun. The HTTP layer counts each as it arrives (its first hook);
 * the embedded read store's cache asks whether another process wrote at most once per request
 * (sqlite/commits-by-others.ts), so that every read made for a request sees every commit made before it.
 */
let begun = 0;

export function markRequestBegun(): void {
  begun++;
}

export function requestsBegun(): number {
  return begun;
}
