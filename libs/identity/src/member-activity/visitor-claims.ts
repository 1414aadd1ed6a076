import { SignJWT } from 'jose';
import { Role } from '@folio/platform/domain/roles';

/** The audience of visitor tokens: they open published sites, not the API. */
export const VISITOR_AUDIENCE = 'folio-visitor';

/** How long a visitor token stays valid: long enough for a session, short enough not to outlive a role change for long. */
const VALIDITY_SECONDS = 3600;

export interface VisitorClaims {
  organizationId: string;
  userId: string;
  role: Role | null;
  teams: string[];
}

/**
 * The `serviceVisitorClaims` token: an HS256 JWT carrying who the member is in the organization, for
 * visitor-auth sites to verify later with the same server secret.
 */
export function signVisitorClaims(claims: VisitorClaims, secret: string, issuer: string, now: Date): Promise<string> {
  return new SignJWT({ organization: claims.organizationId, role: claims.role, teams: claims.teams })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(claims.userId)
    .setAudience(VISITOR_AUDIENCE)
    // Both from the injected clock: jose's relative forms would read the system clock instead.
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + VALIDITY_SECONDS)
    .sign(new TextEncoder().encode(secret));
}
