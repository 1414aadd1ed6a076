/**
 * A copy of `entries` with one entry replaced (or, with `undefined`, removed): how a decider's state keeps
 * things by id. States hold Maps, not plain objects, wherever the keys come from requests: a plain object
 * answers `__proto__`, `constructor` or `toString` with what every object has.
 */
export function withEntry<T>(entries: ReadonlyMap<string, T>, key: string, value: T | undefined): ReadonlyMap<string, T> {
  const next = new Map(entries);
  if (value !== undefined) next.set(key, value);
  else next.delete(key);
  return next;
}
