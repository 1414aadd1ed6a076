const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The last Authorization header read and its token: a client sends the same header on every request. */
let lastHeader: string | undefined;
let lastToken: string | undefined;

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined without one. Read by the rate limits
 * and then the guard for every request: the last header's answer is kept, so a client repeating its
 * header costs a string comparison, not two regular-expression matches.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (header !== lastHeader) {
    lastToken = BEARER.exec(header)?.[1];
    lastHeader = header;
  }
  return lastToken;
}
