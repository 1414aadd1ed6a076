import { decodeJwt } from 'jose';
import { Reader } from '@folio/platform/auth/reader';
import { signSiteToken, verifySiteToken } from './site-token';

const secret = 's'.repeat(64);
const issuer = 'http://folio.test';
const now = new Date('2026-11-26T12:00:00Z');
const reader: Reader = {
  organizationId: 'o1',
  siteId: 'site1',
  siteSpaceId: 'ss1',
  siteSectionId: 'sec1',
  spaceId: 'sp1',
  claims: { plan: 'pro', unsigned: { beta: true } },
  visitorType: 'human',
  shareKey: 'k'.repeat(24),
  authenticated: true,
};
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('site tokens', () => {
  it("carry the spec's SiteAPIToken, expire after the given time, and read back as the reader they were made for", async () => {
    const token = await signSiteToken(reader, ['sp1', 'sp2'], secret, issuer, now, 3600);
    expect(decodeJwt(token)).toMatchObject({ kind: 'site', organization: 'o1', spaces: ['sp1', 'sp2'], site: 'site1', siteSpace: 'ss1', siteSection: 'sec1', space: 'sp1', claims: reader.claims, visitorType: 'human', exp: now.getTime() / 1000 + 3600 });
    await expect(verifySiteToken(token, secret, issuer, later(3599))).resolves.toEqual(reader);
    await expect(verifySiteToken(token, secret, issuer, later(3601))).resolves.toBeNull();
  });

  it('are refused when signed with another secret, for another issuer, or altered', async () => {
    const token = await signSiteToken(reader, ['sp1'], secret, issuer, now, 60);
    await expect(verifySiteToken(token, 't'.repeat(64), issuer, now)).resolves.toBeNull();
    await expect(verifySiteToken(token, secret, 'http://other.test', now)).resolves.toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), site: 'site2' })).toString('base64url');
    await expect(verifySiteToken(`${header}.${forged}.${signature}`, secret, issuer, now)).resolves.toBeNull();
    await expect(verifySiteToken('not.a.jwt', secret, issuer, now)).resolves.toBeNull();
  });

  it('leave out the section and share key a URL did not have', async () => {
    const { siteSectionId: _section, shareKey: _key, authenticated: _authenticated, ...plain } = reader;
    const token = await signSiteToken(plain, [], secret, issuer, now, 60);
    expect(decodeJwt(token)).not.toHaveProperty('siteSection');
    expect(decodeJwt(token)).not.toHaveProperty('authenticated');
    await expect(verifySiteToken(token, secret, issuer, now)).resolves.toEqual(plain);
  });
});
