import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const KEPT = Symbol('folio: rule lookups kept');
const ADDED = Symbol('folio: rules added');

/**
 * How many rules the storage has taken since its lookups were kept (see below): an answer that depends on a
 * class's rules, kept with this number, holds while it has not moved.
 */
export function rulesAdded(storage: Storage = getMetadataStorage()): number {
  return (storage as Storage & { [ADDED]?: number })[ADDED] ?? 0;
}

/**
 * class-validator looks a class's rules up anew for every object it validates, and the lookup walks every
 * class that has rules in the process (an `instanceof` each, for inherited rules): with Folio's hundreds of
 * DTOs that walk was the largest part of validating a page read's query string (a CPU profile of the read
 * put it at 6% of the request). Rules are added only as decorated classes are defined, so the answer per
 * class (and options) is kept, and every kept answer is forgotten as soon as any rule is added. Lookups
 * with validation groups (Folio uses none) are not kept. The kept lists are frozen: they are shared.
 * Every validation also groups its class's rules by property (an object and an array per property, per
 * validated object): a kept list's grouping is kept with it and goes when the list goes. It is shared but not
 * frozen: class-validator only reads it, filtering each property's array per object, and V8's `filter` on a
 * frozen array took the slow path (a hot-loop validation of the organization PATCH body cost 2.5× as much).
 * Installed once per storage (the storage is global to the process).
 */
export function keepRuleLookups(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [KEPT]?: true; [ADDED]?: number };
  if (marked[KEPT]) return;
  marked[KEPT] = true;
  const lookUp: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  let kept = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  /** The grouping of each kept list (only those: another list may change after it is grouped). */
  const groupings = new WeakMap<ValidationMetadata[], Grouped | undefined>();

  storage.addValidationMetadata = (metadata) => {
    kept = new WeakMap();
    marked[ADDED] = (marked[ADDED] ?? 0) + 1;
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function' || (groups !== undefined && groups.length > 0)) return lookUp(target, schema, always, strictGroups, groups);
    let byOptions = kept.get(target);
    if (byOptions === undefined) kept.set(target, (byOptions = new Map()));
    const key = `${schema}\u0000${always}\u0000${strictGroups}`;
    let rules = byOptions.get(key);
    if (rules === undefined) {
      byOptions.set(key, (rules = Object.freeze(lookUp(target, schema, always, strictGroups, groups)) as ValidationMetadata[]));
      groupings.set(rules, undefined);
    }
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    if (!groupings.has(rules)) return group(rules);
    let grouped = groupings.get(rules);
    if (grouped === undefined) groupings.set(rules, (grouped = group(rules)));
    return grouped;
  };
}
