/**
 * The one serialization of a JSON value that content objects are stored and hashed in, so that equal
 * values are one object: object keys sorted by UTF-16 code units, no whitespace, numbers and strings as
 * `JSON.stringify` writes them (the JSON Canonicalization Scheme, RFC 8785, for the values Folio stores).
 * Properties whose value is `undefined` are left out, as `JSON.stringify` does; anything that has no JSON
 * form (`NaN`, a bigint, a Date, a hole or `undefined` in an array) is refused rather than guessed at.
 */
export function canonicalJson(value: unknown): Buffer {
  return Buffer.from(serialize(value, '$'), 'utf8');
}

function serialize(value: unknown, path: string): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}, which JSON cannot hold`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) throw new TypeError(`${path}[${i}] is missing, which JSON cannot hold`);
      items.push(serialize(value[i], `${path}[${i}]`));
    }
    return `[${items.join(',')}]`;
  }
  if (isPlainObject(value)) {
    const members: string[] = [];
    for (const key of Object.keys(value).sort()) {
      if (value[key] === undefined) continue;
      members.push(`${JSON.stringify(key)}:${serialize(value[key], `${path}.${key}`)}`);
    }
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`${path} is not a JSON value`);
}

/**
 * A plain object of any realm: its prototype is null or an `Object.prototype` (the one of another realm too:
 * `structuredClone` under Jest's vm context makes objects of the outer realm, and they are as plain).
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === null || proto === Object.prototype) return true;
  return Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]';
}
