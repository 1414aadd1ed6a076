import { Invalid } from '@folio/platform/domain/errors';

/**
 * The small vocabulary the document schema is written in: a Check judges one value at a path and throws an
 * Invalid naming that path (`document.nodes[3].data.style: must be one of …`), so every refusal says where
 * the offending value is. Written by hand rather than compiled from JSON Schema so that each message names
 * the one field at fault (a JSON Schema validator's `oneOf` reports every branch that failed).
 */
export type Check = (value: unknown, path: string) => void;

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
export const keyPath = (path: string, key: string) => `${path}[${JSON.stringify(key)}]`;

export function string(limits: { min?: number; max?: number; pattern?: RegExp } = {}): Check {
  const { min = 0, max = Infinity } = limits;
  const size = min > 0 ? `a string of ${min} to ${max} characters` : `a string of at most ${max} characters`;
  return (value, path) => {
    if (typeof value !== 'string') throw refusal(path, 'must be a string');
    if (value.length < min || value.length > max) throw refusal(path, `must be ${size}`);
    if (limits.pattern && !limits.pattern.test(value)) throw refusal(path, `must match ${limits.pattern.source}`);
  };
}

export const anyString = string();

export function oneOf(values: readonly (string | boolean)[]): Check {
  const allowed = new Set<unknown>(values);
  return (value, path) => {
    if (!allowed.has(value)) throw refusal(path, `must be ${values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.join(', ')}`}`);
  };
}

export const boolean: Check = (value, path) => {
  if (typeof value !== 'boolean') throw refusal(path, 'must be a boolean');
};

export const number: Check = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw refusal(path, 'must be a number');
};

export function integer(range: { min?: number; max?: number } = {}): Check {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  const bounds = range.max !== undefined ? ` from ${min} to ${max}` : range.min !== undefined ? ` of at least ${min}` : '';
  return (value, path) => {
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) throw refusal(path, `must be an integer${bounds}`);
  };
}

export function arrayOf(item: Check, count: { min?: number; max?: number } = {}): Check {
  return (value, path) => {
    if (!Array.isArray(value)) throw refusal(path, 'must be an array');
    if (count.min !== undefined && value.length < count.min) throw refusal(path, `must hold at least ${count.min}`);
    if (count.max !== undefined && value.length > count.max) throw refusal(path, `must hold at most ${count.max}`);
    value.forEach((element, i) => item(element, `${path}[${i}]`));
  };
}

/** An object used as a map (table records, column definitions): any keys, each value judged. */
export function mapOf(item: Check): Check {
  return (value, path) => {
    if (!isObject(value)) throw refusal(path, 'must be an object');
    for (const key of Object.keys(value)) item(value[key], keyPath(path, key));
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
  const names = [...known.keys()].join(', ') || 'none';
  return (value, path) => {
    if (!isObject(value)) throw refusal(path, 'must be an object');
    for (const name of Object.keys(value)) {
      const field = known.get(name);
      if (value[name] === undefined) continue;
      if (field) field.check(value[name], `${path}.${name}`);
      else if (!options.open) throw refusal(`${path}.${name}`, `is not a field here (fields: ${names})`);
    }
    for (const [name, field] of known) {
      if (field.required && !holds(value, name)) throw refusal(`${path}.${name}`, 'is required');
    }
  };
}

/** One of several object shapes, told apart by the string in `discriminator` (`kind`, `type`, `action`). */
export function byField(discriminator: string, shapes: Record<string, Check>): Check {
  const known = new Map(Object.entries(shapes));
  const tell = oneOf([...known.keys()]);
  return (value, path) => {
    if (!isObject(value)) throw refusal(path, 'must be an object');
    const name = own(value, discriminator);
    tell(name, `${path}.${discriminator}`);
    known.get(name as string)!(value, path);
  };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** The spec's `date-time` format (RFC 3339), a real date. */
export const dateTime: Check = (value, path) => {
  if (typeof value !== 'string' || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw refusal(path, 'must be a date-time such as 2024-05-01T12:00:00Z');
  }
};

/**
 * The spec's PlainObject (an integration block's props): objects, arrays, strings, booleans and numbers, no
 * null. Nested at most `depth` levels, so the walk is bounded whatever the caller sends.
 */
export function plainObject(depth: number): Check {
  const judge = (value: unknown, path: string, level: number, inArray: boolean): void => {
    if (typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') return number(value, path);
    if (level >= depth) throw refusal(path, `nests deeper than ${depth} levels`);
    if (Array.isArray(value) && !inArray) {
      value.forEach((element, i) => judge(element, `${path}[${i}]`, level + 1, true));
      return;
    }
    if (!isObject(value)) throw refusal(path, 'must be a string, boolean, number, object or array of those');
    for (const key of Object.keys(value)) judge(value[key], keyPath(path, key), level + 1, false);
  };
  return (value, path) => {
    if (!isObject(value)) throw refusal(path, 'must be an object');
    judge(value, path, 0, false);
  };
}
