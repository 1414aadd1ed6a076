import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];

const KEPT = Symbol('folio: rule lookups kept');

/**
 * class-validator looks a class's rules up anew for every object it validates, and the lookup walks every
 * class that has rules in the process (an `instanceof` each, for inherited rules): with Folio's hundreds of
 * DTOs that walk was the largest part of validating a page read's query string (a CPU profile of the read
 * put it at 6% of the request). Rules are added only as decorated classes are defined, so the answer per
 * class (and options) is kept, and every kept answer is forgotten as soon as any rule is added. Lookups
 * with validation groups (Folio uses none) are not kept. The kept lists are frozen: they are shared.
 * Installed once per storage (the storage is global to the process).
 */
export function keepRuleLookups(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [KEPT]?: true };
  if (marked[KEPT]) return;
  marked[KEPT] = true;
  const lookUp: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let kept = new WeakMap<object, Map<string, ValidationMetadata[]>>();

  storage.addValidationMetadata = (metadata) => {
    kept = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function' || (groups !== undefined && groups.length > 0)) return lookUp(target, schema, always, strictGroups, groups);
    let byOptions = kept.get(target);
    if (byOptions === undefined) kept.set(target, (byOptions = new Map()));
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let rules = byOptions.get(key);
    if (rules === undefined) byOptions.set(key, (rules = Object.freeze(lookUp(target, schema, always, strictGroups, groups)) as ValidationMetadata[]));
    return rules;
  };
}
