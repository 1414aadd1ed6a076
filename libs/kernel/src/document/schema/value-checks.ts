import { Invalid } from '@folio/platform/domain/errors';

/**
 * The small vocabulary the document schema is written in. A Check judges one value and answers what is wrong
 * with it, if anything: a message and where below the value (`.data.style`, `[2]`), so a refusal names the
 * offending value's path (`document.nodes[3].data.style: must be one of …`). Paths are built only for a
 * failure: a valid 50,000-node document makes no strings. Written by hand rather than compiled from JSON
 * Schema so that a message names the one field at fault (a JSON Schema `oneOf` reports every branch).
 */
export interface Failure {
  at: string;
  message: string;
}
export type Check = (value: unknown) => Failure | undefined;

export const fail = (message: string): Failure => ({ at: '', message });

/** A failure found at `segment` below, seen from the value holding it. */
export const below = (segment: string, failure: Failure | undefined): Failure | undefined => failure && { at: `${segment}${failure.at}`, message: failure.message };

/** Throws what `check` finds wrong with `value` as an Invalid naming its path. */
export function judge(check: Check, value: unknown, path: string): void {
  const failure = check(value);
  if (failure) throw refusal(`${path}${failure.at}`, failure.message);
}

export const refusal = (path: string, message: string) => new Invalid(`${path}: ${message}`);

export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A property the value holds itself: a caller's `constructor` or `__proto__` is never read from Object.prototype. */
export function own(value: object, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * Whether the value holds the property. One holding `undefined` does not: JSON has no such value, and an
 * object built in code (a validated body's class instance) writes none of it.
 */
export const holds = (value: object, name: string) => own(value, name) !== undefined;

/** How a key of a caller's map is written in a path: quoted, whatever it holds. */
const keySegment = (key: string) => `[${JSON.stringify(key)}]`;

export function string(limits: { min?: number; max?: number; pattern?: RegExp } = {}): Check {
  const { min = 0, max = Infinity, pattern } = limits;
  const size = min > 0 ? `must be a string of ${min} to ${max} characters` : `must be a string of at most ${max} characters`;
  return (value) => {
    if (typeof value !== 'string') return fail('must be a string');
    if (value.length < min || value.length > max) return fail(size);
    if (pattern && !pattern.test(value)) return fail(`must match ${pattern.source}`);
    return undefined;
  };
}

export const anyString = string();

export function oneOf(values: readonly (string | boolean)[]): Check {
  const allowed = new Set<unknown>(values);
  const message = `must be ${values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.join(', ')}`}`;
  return (value) => (allowed.has(value) ? undefined : fail(message));
}

export const boolean: Check = (value) => (typeof value === 'boolean' ? undefined : fail('must be a boolean'));

export const number: Check = (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : fail('must be a number'));

export function integer(range: { min?: number; max?: number } = {}): Check {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  const bounds = range.max !== undefined ? ` from ${min} to ${max}` : range.min !== undefined ? ` of at least ${min}` : '';
  return (value) => (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max ? undefined : fail(`must be an integer${bounds}`));
}

export function arrayOf(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return fail('must be an array');
    for (let i = 0; i < value.length; i++) {
      const failure = item(value[i]);
      if (failure) return below(`[${i}]`, failure);
    }
    return undefined;
  };
}

/** An object used as a map (table records, column definitions): any keys, each value judged. */
export function mapOf(item: Check): Check {
  return (value) => {
    if (!isObject(value)) return fail('must be an object');
    for (const key of Object.keys(value)) {
      const failure = item(value[key]);
      if (failure) return below(keySegment(key), failure);
    }
    return undefined;
  };
}

interface Field {
  check: Check;
  required: boolean;
}
/** A field that may be left out. */
export const optional = (check: Check): Field => ({ check, required: false });

/**
 * An object with the named fields (required unless `optional`). Other fields are refused, naming the ones
 * allowed, unless `open`: a misspelt field would otherwise be stored and ignored by every reader.
 */
export function fields(shape: Record<string, Check | Field>, options: { open?: boolean } = {}): Check {
  const known = new Map<string, Field>(Object.entries(shape).map(([name, field]) => [name, typeof field === 'function' ? { check: field, required: true } : field]));
  const required = [...known].filter(([, field]) => field.required).map(([name]) => name);
  const unknown = fail(`is not a field here (fields: ${[...known.keys()].join(', ') || 'none'})`);
  return (value) => {
    if (!isObject(value)) return fail('must be an object');
    for (const name of Object.keys(value)) {
      const field = known.get(name);
      if (value[name] === undefined) continue;
      if (field) {
        const failure = field.check(value[name]);
        if (failure) return below(`.${name}`, failure);
      } else if (!options.open) {
        return below(`.${name}`, unknown);
      }
    }
    for (const name of required) if (!holds(value, name)) return below(`.${name}`, fail('is required'));
    return undefined;
  };
}

/** One of several object shapes, told apart by the string in `discriminator` (`kind`, `type`, `action`). */
export function byField(discriminator: string, shapes: Record<string, Check>): Check {
  const known = new Map(Object.entries(shapes));
  const tell = oneOf([...known.keys()]);
  return (value) => {
    if (!isObject(value)) return fail('must be an object');
    const name = own(value, discriminator);
    return below(`.${discriminator}`, tell(name)) ?? known.get(name as string)!(value);
  };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** The spec's `date-time` format (RFC 3339), a real date. */
export const dateTime: Check = (value) =>
  typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : fail('must be a date-time such as 2024-05-01T12:00:00Z');

/**
 * The spec's PlainObject (an integration block's props): objects, arrays, strings, booleans and numbers, no
 * null. Nested at most `depth` levels, so the walk is bounded whatever the caller sends.
 */
export function plainObject(depth: number): Check {
  const judgeValue = (value: unknown, level: number, inArray: boolean): Failure | undefined => {
    if (typeof value === 'string' || typeof value === 'boolean') return undefined;
    if (typeof value === 'number') return number(value);
    if (level >= depth) return fail(`nests deeper than ${depth} levels`);
    if (Array.isArray(value) && !inArray) {
      for (let i = 0; i < value.length; i++) {
        const failure = judgeValue(value[i], level + 1, true);
        if (failure) return below(`[${i}]`, failure);
      }
      return undefined;
    }
    if (!isObject(value)) return fail('must be a string, boolean, number, object or array of those');
    for (const key of Object.keys(value)) {
      const failure = judgeValue(value[key], level + 1, false);
      if (failure) return below(keySegment(key), failure);
    }
    return undefined;
  };
  return (value) => (isObject(value) ? judgeValue(value, 0, false) : fail('must be an object'));
}
