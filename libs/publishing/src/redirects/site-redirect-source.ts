/**
 * Redirect sources (the spec's SiteRedirectSourcePath): `/old/page` answers that path only; a trailing `*`
 * (`/old/*`, `/old*`) answers every path that starts with what comes before it, the rest being what the
 * wildcard matched. An exact source wins over a wildcard; among wildcards, the longest prefix wins.
 */

export const MAX_SOURCE_LENGTH = 512;

/** The spec's pattern: segments of unreserved characters or percent escapes, a `*` only at the very end. */
export const SOURCE_PATTERN = /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;

export const isSourcePath = (text: string) => text.length <= MAX_SOURCE_LENGTH && SOURCE_PATTERN.test(text);

/** What the read model looks a path up by: `exact:<source>` or `prefix:<what comes before the *>`. */
export function matchKey(source: string): string {
  return source.endsWith('*') ? `prefix:${source.slice(0, -1)}` : `exact:${source}`;
}

/**
 * Every key that could answer `path`, best first: its exact key, then the wildcard prefixes from the
 * longest (the whole path: a `/old/*` source answers `/old/` with an empty rest) to the shortest (`/`).
 * A path is at most MAX_SOURCE_LENGTH long, so this is bounded.
 */
export function candidateKeys(path: string): string[] {
  const keys = [`exact:${path}`];
  for (let end = path.length; end >= 1; end--) keys.push(`prefix:${path.slice(0, end)}`);
  return keys;
}

/** What the wildcard of `source` matched of `path` ('' for an exact source). */
export function wildcardRest(source: string, path: string): string {
  return source.endsWith('*') ? path.slice(source.length - 1) : '';
}

/** The destination's URL with the captured rest appended as further path segments (no doubled slash). */
export function withRest(url: string, rest: string): string {
  const tail = rest.replace(/^\/+/, '');
  if (!tail) return url;
  const at = url.search(/[?#]/);
  const [base, after] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  return `${base.replace(/\/+$/, '')}/${tail}${after}`;
}
