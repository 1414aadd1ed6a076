/** A JWT's registered claims (RFC 7519): how the token is checked, not what it says of the visitor. */
const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']);

/** What a verified visitor token says of its visitor: its payload without the registered claims. */
export function visitorClaimsOf(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([name]) => !REGISTERED.has(name)));
}
