/**
 * Freezes a JSON-like value and everything it holds, for values shared by every reader of a cache: a
 * reader that changed one would change it for all the others, and in strict mode now fails instead.
 * Stops at objects already frozen (taken as frozen throughout), so a value built by spreading a frozen one
 * costs only its new parts.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
