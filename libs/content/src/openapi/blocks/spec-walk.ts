import { fragmentPointer, valueAt } from '@folio/content/openapi/parsing/json-pointer';

/** A JSON object of a spec document: keys come from the document, so they are read as own properties only. */
export type SpecObject = Record<string, unknown>;

/** `$ref`s followed one after another before the chain is given up (a longer one is a cycle or an abuse). */
export const MAX_REF_HOPS = 16;
/**
 * Nodes one printout may visit (each value looked at, each `$ref` followed): what a block costs is bounded
 * whatever the document, its nesting or its references, to a few milliseconds. An operation with fifty
 * parameters, ten responses and a body of thirty properties visits a few hundred.
 */
export const MAX_VISITS = 2_000;

export const isObject = (value: unknown): value is SpecObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value under `key`, when the object has it as its own property (never one of its prototype's). */
export function own(object: unknown, key: string): unknown {
  return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

export function ownString(object: unknown, key: string): string | undefined {
  const value = own(object, key);
  return typeof value === 'string' ? value : undefined;
}

/** The value a JSON pointer fragment (`#/components/schemas/Pet`) names in the document, or undefined. */
export function atPointer(document: SpecObject, ref: string): unknown {
  const pointer = fragmentPointer(ref);
  const at = pointer === null ? null : valueAt(document, pointer);
  return at?.found ? at.value : undefined;
}

/** A value with its `$ref`s followed: the object it ends at, and the name of the last component it went through. */
export interface Followed {
  value: unknown;
  /** `Pet` for `#/components/schemas/Pet`: how a referenced schema is named in a printout. */
  name?: string;
  /** Why the value could not be followed: a reference to nothing, a cycle, or the visits spent. */
  problem?: string;
}

/**
 * Walks a document for one printout: follows local `$ref`s by JSON pointer (external ones are not
 * followed: the parser kept the document whole), stops a chain that comes back on itself or exceeds
 * MAX_REF_HOPS, and counts every visit against MAX_VISITS, after which everything reads as spent.
 */
export class SpecWalk {
  private visits = 0;
  /** Targets of the references followed so far (undefined: the pointer names nothing). */
  private readonly targets = new Map<string, unknown>();

  constructor(readonly document: SpecObject) {}

  /** Whether the printout may still look at something. */
  get spent(): boolean {
    return this.visits >= MAX_VISITS;
  }

  follow(value: unknown): Followed {
    const seen = new Set<string>();
    let name: string | undefined;
    for (;;) {
      if (this.visits++ >= MAX_VISITS) return { value: undefined, name, problem: 'too large to print' };
      const ref = ownString(value, '$ref');
      if (ref === undefined) return { value, name };
      if (seen.has(ref)) return { value: undefined, name, problem: `circular reference ${ref}` };
      if (seen.size >= MAX_REF_HOPS) return { value: undefined, name, problem: `reference chain too long at ${ref}` };
      seen.add(ref);
      name = ref.slice(ref.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~') || name;
      if (!this.targets.has(ref)) this.targets.set(ref, atPointer(this.document, ref));
      const target = this.targets.get(ref);
      if (target === undefined) return { value: undefined, name, problem: `unresolved reference ${ref}` };
      value = target;
    }
  }
}
