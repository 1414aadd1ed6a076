import { errors, jwtVerify, SignJWT } from 'jose';
import { Reader } from '@folio/platform/auth/reader';

/** The audience of site tokens: readers of one published site, as opposed to visitor tokens (which open one). */
export const SITE_TOKEN_AUDIENCE = 'folio-site';

/**
 * A site token: an HS256 JWT whose payload is the spec's SiteAPIToken (`kind: site`, the organization, the
 * spaces the site showed the visitor when it was made, the site, site space, section and space the URL
 * resolved to, the visitor's claims and type), plus the share key the URL carried and whether a visitor token
 * was verified (`authenticated`). GitBook's renderer
 * decodes it and asks for a new one within two minutes of `exp`.
 */
export function signSiteToken(reader: Reader, spaces: string[], secret: string, issuer: string, now: Date, ttlSeconds: number): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    kind: 'site',
    organization: reader.organizationId,
    spaces,
    site: reader.siteId,
    siteSpace: reader.siteSpaceId,
    ...(reader.siteSectionId !== undefined ? { siteSection: reader.siteSectionId } : {}),
    space: reader.spaceId,
    claims: reader.claims,
    visitorType: reader.visitorType,
    ...(reader.shareKey !== undefined ? { shareKey: reader.shareKey } : {}),
    ...(reader.authenticated ? { authenticated: true } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(SITE_TOKEN_AUDIENCE)
    // Both from the injected clock: jose's relative forms would read the system clock instead.
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** The reader a site token names; null when its signature, audience or issuer is wrong or it has expired at `now`. */
export async function verifySiteToken(token: string, secret: string, issuer: string, now: Date): Promise<Reader | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      audience: SITE_TOKEN_AUDIENCE,
      issuer,
      currentDate: now,
      requiredClaims: ['exp'],
    });
    return readerOf(payload);
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The payload's reader, or null when a field is missing or of the wrong type (a token of another shape). */
function readerOf(payload: Record<string, unknown>): Reader | null {
  const { kind, organization, site, siteSpace, siteSection, space, claims, visitorType, shareKey, authenticated } = payload;
  const strings = [organization, site, siteSpace, space].every((v) => typeof v === 'string');
  if (kind !== 'site' || !strings || (siteSection !== undefined && typeof siteSection !== 'string')) return null;
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  if (visitorType !== 'human' && visitorType !== 'agent') return null;
  if (shareKey !== undefined && typeof shareKey !== 'string') return null;
  if (authenticated !== undefined && authenticated !== true) return null;
  return {
    organizationId: organization as string,
    siteId: site as string,
    siteSpaceId: siteSpace as string,
    ...(siteSection !== undefined ? { siteSectionId: siteSection as string } : {}),
    spaceId: space as string,
    claims: claims as Record<string, unknown>,
    visitorType,
    ...(shareKey !== undefined ? { shareKey: shareKey as string } : {}),
    ...(authenticated ? { authenticated: true as const } : {}),
  };
}
