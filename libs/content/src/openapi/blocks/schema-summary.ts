import { Listed, PrintedProperty } from './openapi-printout';
import { isObject, own, ownString, SpecWalk } from './spec-walk';

/** How deep a type is spelled out (`array of array of Pet`); deeper it is named by its kind alone. */
const MAX_TYPE_DEPTH = 3;
/** Variants of a `oneOf`/`anyOf`/`allOf` spelled out in a type. */
const MAX_VARIANTS = 5;
/** Properties printed per schema. */
export const MAX_PROPERTIES = 100;
/** `allOf` parts merged into one schema's properties, nested or not. */
const MAX_MERGED_PARTS = 20;

/** Items of a list up to `max`, and how many were left out. */
export function listed<T>(all: T[], max: number): Listed<T> {
  return { items: all.slice(0, max), omitted: Math.max(0, all.length - max) };
}

/**
 * A schema's type in a few words: a referenced schema by its name (`Pet`), otherwise its `type` (3.1's
 * list of types joined, 3.0's `nullable` added), `format`, items (`array of Pet`) and composition
 * (`Cat | Dog`). References that lead nowhere or in a circle say so instead.
 */
export function schemaType(walk: SpecWalk, value: unknown, depth = 0): string {
  const followed = walk.follow(value);
  if (followed.problem) return followed.problem;
  if (followed.name !== undefined) return followed.name;
  const schema = followed.value;
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return 'any';
  if (!isObject(schema)) return 'unknown';
  const deeper = depth < MAX_TYPE_DEPTH;
  for (const [keyword, joint] of [['oneOf', ' | '], ['anyOf', ' | '], ['allOf', ' & ']] as const) {
    const variants = own(schema, keyword);
    if (Array.isArray(variants) && variants.length > 0) {
      if (!deeper) return keyword;
      const shown = variants.slice(0, MAX_VARIANTS).map((variant) => schemaType(walk, variant, depth + 1));
      return shown.join(joint) + (variants.length > MAX_VARIANTS ? `${joint}…` : '');
    }
  }
  const declared = own(schema, 'type');
  const types = Array.isArray(declared) ? declared.filter((type): type is string => typeof type === 'string') : typeof declared === 'string' ? [declared] : [];
  if (types.length === 0) types.push(own(schema, 'properties') !== undefined ? 'object' : own(schema, 'enum') !== undefined ? 'enum' : 'any');
  if (own(schema, 'nullable') === true && !types.includes('null')) types.push('null');
  const format = ownString(schema, 'format');
  return types
    .map((type) => {
      if (type === 'array') return deeper && own(schema, 'items') !== undefined ? `array of ${schemaType(walk, own(schema, 'items'), depth + 1)}` : 'array';
      return format && type !== 'null' ? `${type} (${format})` : type;
    })
    .join(' | ');
}

/** The properties of an object schema (those of its `allOf` parts merged in), each with its type and whether it is required. */
export function schemaProperties(walk: SpecWalk, value: unknown): Listed<PrintedProperty> {
  const names = new Set<string>();
  const printed: Omit<PrintedProperty, 'required'>[] = [];
  const required = new Set<string>();
  const parts = [value];
  for (let merged = 0; parts.length > 0 && merged < MAX_MERGED_PARTS && !walk.spent; merged++) {
    const schema = walk.follow(parts.shift()).value;
    if (!isObject(schema)) continue;
    const allOf = own(schema, 'allOf');
    if (Array.isArray(allOf)) parts.push(...allOf);
    const requiredNames = own(schema, 'required');
    if (Array.isArray(requiredNames)) for (const name of requiredNames) if (typeof name === 'string') required.add(name);
    const declared = own(schema, 'properties');
    if (!isObject(declared)) continue;
    for (const name of Object.keys(declared)) {
      if (names.has(name)) continue;
      names.add(name);
      // Every property counts toward the total; only the printed ones are described.
      if (printed.length < MAX_PROPERTIES) printed.push({ name, type: schemaType(walk, declared[name]) });
    }
  }
  return { items: printed.map((property) => ({ ...property, required: required.has(property.name) })), omitted: names.size - printed.length };
}
