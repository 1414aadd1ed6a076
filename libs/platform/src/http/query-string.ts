import { FastifyRequest } from 'fastify';
import { unescape } from 'node:querystring';

/**
 * How many parameters a query string may carry. Folio's lists take a handful; the rest of the room is
 * for cache-busters and tracking parameters clients add. Hundreds of keys are refused before any route
 * (or validation) sees them.
 */
export const MAX_QUERY_PARAMETERS = 100;

export type ParsedQuery = Record<string, string | string[]>;

/** Query objects the parser refused, with why: the parser runs inside Fastify's router, where a throw would escape every handler. */
const refusals = new WeakMap<ParsedQuery, string>();

/**
 * Fastify's `querystringParser`: `a=1&b=2` into a prototype-less object, a key given more than once into
 * an array of its values (the pipe refuses that where one value is expected; unknown keys are dropped
 * there, repeated or not). `a[]=1&a[]=2`, as many clients write a list, is the same list as `a=1&a=2`
 * (and `a[]=1` alone a list of one). `+` is a space; malformed `%` escapes are decoded as far as they go
 * (`node:querystring`'s unescape), so it never throws.
 */
export function parseQueryString(text: string): ParsedQuery {
  const query: ParsedQuery = Object.create(null) as ParsedQuery;
  if (text === '') return query;
  const pairs = text.split('&');
  if (pairs.length > MAX_QUERY_PARAMETERS) {
    refusals.set(query, `The query string has more than ${MAX_QUERY_PARAMETERS} parameters`);
    return query;
  }
  for (const pair of pairs) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = decode(separator === -1 ? pair : pair.slice(0, separator));
    const listed = name.endsWith('[]') && name.length > 2;
    const key = listed ? name.slice(0, -2) : name;
    const value = separator === -1 ? '' : decode(pair.slice(separator + 1));
    const previous = query[key];
    if (previous === undefined) query[key] = listed ? [value] : value;
    else if (Array.isArray(previous)) previous.push(value);
    else query[key] = [previous, value];
  }
  return query;
}

function decode(text: string): string {
  return unescape(text.includes('+') ? text.replace(/\+/g, ' ') : text);
}

/** The 400 a refused query string is answered with (by the request hooks, before the body is read or a guard runs), if it was. */
export function queryStringRefusal(request: FastifyRequest): Error | undefined {
  const refusal = refusals.get(request.query as ParsedQuery);
  return refusal === undefined ? undefined : Object.assign(new Error(refusal), { statusCode: 400 });
}
