import { SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { organizationWithRoles, RoleCast } from './roles';
import { TestServer } from './server';

/** An adaptive schema of one signed claim (`beta`) and one unsigned (`dark`). */
export const ADAPTIVE_SCHEMA = {
  type: 'object',
  properties: { beta: { type: 'boolean', description: 'Beta testers' }, unsigned: { type: 'object', properties: { dark: { type: 'boolean', description: 'Dark' } }, additionalProperties: false } },
  additionalProperties: false,
};

/** The organization of roles.ts, with three spaces for sites to show: Guide, API and Beta features. */
export async function publishingCast(server: TestServer): Promise<RoleCast & { guide: string; api: string; beta: string }> {
  const cast = await organizationWithRoles(server);
  const space = async (title: string) => (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title })).data.id;
  return { ...cast, guide: await space('Guide'), api: await space('API'), beta: await space('Beta features') };
}

/** A visitor token as `POST /orgs/{id}/ping` signs them (the server's secret, its URL as issuer), with claims of the test's choosing. */
export function visitorToken(server: TestServer, organizationId: string, claims: Record<string, unknown>): Promise<string> {
  const secret = new TextEncoder().encode(readFileSync(join(server.dataDir, 'secret'), 'utf8').trim());
  const now = Math.floor(server.clock.now().getTime() / 1000);
  return new SignJWT({ organization: organizationId, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(server.url)
    .setAudience('folio-visitor')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(secret);
}
