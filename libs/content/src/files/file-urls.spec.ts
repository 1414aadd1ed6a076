import { ManualClock } from '@folio/platform/clock';
import { loadConfig } from '@folio/platform/config/config';
import { Forbidden } from '@folio/platform/domain/errors';
import { DOWNLOAD_URL_VALIDITY_MS, FileUrls } from './file-urls';
import { revisionFileResource } from './revision-file.resource';

const HASH = 'a'.repeat(64);
const SECRET = 's'.repeat(32);
const file = { object: HASH, name: 'Résumé & co.pdf', contentType: 'application/pdf' };

function setup(secret = SECRET) {
  const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
  const urls = new FileUrls(secret, loadConfig({ PUBLIC_URL: 'https://docs.example.com/' }), clock);
  return { clock, urls };
}

/** The path's hash and the query of a download URL, as the route receives them. */
function parts(url: string): [string, Record<string, string>] {
  const parsed = new URL(url);
  return [parsed.pathname.split('/').pop()!, Object.fromEntries(parsed.searchParams)];
}

describe('FileUrls', () => {
  it('signs a URL under PUBLIC_URL that verifies to the file it names, valid for an hour', () => {
    const { urls } = setup();
    const url = urls.downloadUrl(file);
    expect(url).toMatch(new RegExp(`^https://docs\\.example\\.com/v1/files/${HASH}\\?name=R%C3%A9sum%C3%A9\\+%26\\+co\\.pdf&type=application%2Fpdf&expires=\\d+&signature=[\\w-]{43}$`));
    expect(urls.verify(...parts(url))).toEqual({ ...file, expiresAt: Date.parse('2026-03-01T10:00:00.000Z') });
  });

  it.each(['name', 'type', 'expires', 'signature'])('refuses a URL whose %s was changed', (key) => {
    const { urls } = setup();
    const [hash, query] = parts(urls.downloadUrl(file));
    const changed = { ...query, [key]: key === 'expires' ? String(Number(query.expires) + 3600) : `${query[key].slice(0, -1)}x` };
    expect(() => urls.verify(hash, changed)).toThrow(Forbidden);
  });

  it('says a chunked file is chunked under the signature: dropping or adding the mark breaks it', () => {
    const { urls } = setup();
    const chunked = { ...file, chunked: true as const };
    const [hash, query] = parts(urls.downloadUrl(chunked));
    expect(query.chunked).toBe('true');
    expect(urls.verify(hash, query)).toEqual({ ...chunked, expiresAt: Date.parse('2026-03-01T10:00:00.000Z') });
    const { chunked: _mark, ...unmarked } = query;
    expect(() => urls.verify(hash, unmarked)).toThrow(Forbidden);
    const [, whole] = parts(urls.downloadUrl(file));
    expect(() => urls.verify(hash, { ...whole, chunked: 'true' })).toThrow(Forbidden);
    expect(() => urls.verify(hash, { ...query, chunked: 'yes' })).toThrow(Forbidden);
  });

  it('refuses the signature of one file for another', () => {
    const { urls } = setup();
    const [, query] = parts(urls.downloadUrl(file));
    expect(() => urls.verify('b'.repeat(64), query)).toThrow(new Forbidden('This download link is not valid: its signature does not match'));
  });

  it('refuses a URL signed with another secret', () => {
    const [hash, query] = parts(setup('t'.repeat(32)).urls.downloadUrl(file));
    expect(() => setup().urls.verify(hash, query)).toThrow(Forbidden);
  });

  it('refuses a URL missing a part, or with one given twice', () => {
    const { urls } = setup();
    const [hash, { signature: _signature, ...unsigned }] = parts(urls.downloadUrl(file));
    expect(() => urls.verify(hash, unsigned)).toThrow(/needs one name, type, expires and signature/);
    const [, query] = parts(urls.downloadUrl(file));
    expect(() => urls.verify(hash, { ...query, name: [query.name, 'other'] })).toThrow(Forbidden);
  });

  it('rounds the expiry up to a whole five minutes past the hour, so links handed out in those minutes are the same', () => {
    const { urls, clock } = setup();
    clock.advance(1000);
    const url = urls.downloadUrl(file);
    expect(urls.verify(...parts(url)).expiresAt).toBe(Date.parse('2026-03-01T10:05:00.000Z'));
    clock.advance(298_000);
    expect(urls.downloadUrl(file)).toBe(url);
  });

  it('refuses a URL once its hour is over, and not a moment before', () => {
    const { urls, clock } = setup();
    const [hash, query] = parts(urls.downloadUrl(file));
    clock.advance(DOWNLOAD_URL_VALIDITY_MS - 1);
    expect(urls.verify(hash, query).object).toBe(HASH);
    clock.advance(1);
    expect(() => urls.verify(hash, query)).toThrow(new Forbidden('This download link has expired: read the file again for a fresh one'));
  });
});

describe('revisionFileResource', () => {
  it('answers the spec\'s RevisionFile, with a download URL and the dimensions of an image', () => {
    const { urls } = setup();
    const entry = { id: 'f1', name: 'logo.png', contentType: 'image/png', size: 68, object: HASH, dimensions: { width: 1, height: 2 }, createdAt: '2026-03-01T09:00:00.000Z' };
    expect(revisionFileResource(entry, urls.downloadUrl(entry))).toEqual({
      id: 'f1',
      name: 'logo.png',
      contentType: 'image/png',
      downloadURL: urls.downloadUrl(entry),
      size: 68,
      dimensions: { width: 1, height: 2 },
    });
    const { dimensions: _dimensions, ...notAnImage } = entry;
    expect(revisionFileResource(notAnImage, urls.downloadUrl(notAnImage))).not.toHaveProperty('dimensions');
  });
});
