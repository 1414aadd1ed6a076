import { QueryBus } from '@nestjs/cqrs';
import { ManualClock } from '@folio/platform/clock';
import { loadConfig } from '@folio/platform/config/config';
import { GetPublicSitesOfSpace } from '@folio/publishing/public/public-sites.query';
import { FileLinks, fileLinkKey } from './file-links';
import { FileUrls } from './file-urls';

const HASH = 'a'.repeat(64);
const file = { object: HASH, name: 'Logo final.png', contentType: 'image/png' };

function setup(publicSites: Record<string, string[]>) {
  const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
  const config = loadConfig({ PUBLIC_URL: 'https://docs.example.com/' });
  const asked: string[] = [];
  const queries = {
    execute: async (query: GetPublicSitesOfSpace) => {
      asked.push(query.spaceId);
      return publicSites[query.spaceId] ?? [];
    },
  } as unknown as QueryBus;
  return { clock, asked, links: new FileLinks(new FileUrls('s'.repeat(32), config, clock), queries, config) };
}

describe('FileLinks', () => {
  it('names the oldest public site showing the space and the hash, with no expiry, for main\u2019s revisions', async () => {
    const { links } = setup({ s1: ['site1', 'site2'] });
    const form = await links.formFor({ spaceId: 's1', onMain: true });
    expect(form).toEqual({ kind: 'site', siteId: 'site1' });
    expect(links.url(form, file)).toBe(`https://docs.example.com/v1/sites/site1/files/${HASH}/Logo%20final.png`);
    expect(fileLinkKey(form)).toBe('site:site1');
  });

  it('signs links of a space no public site shows, and of a change request\u2019s content, without asking publishing for the latter', async () => {
    const { links, asked } = setup({ s1: ['site1'] });
    const hidden = await links.formFor({ spaceId: 's2', onMain: true });
    const draft = await links.formFor({ spaceId: 's1', onMain: false });
    for (const form of [hidden, draft]) {
      expect(form).toEqual({ kind: 'signed', expires: Date.parse('2026-03-01T10:00:00.000Z') / 1000 });
      expect(links.url(form, file)).toMatch(new RegExp(`^https://docs\\.example\\.com/v1/files/${HASH}\\?.*expires=1772359200&signature=`));
    }
    expect(asked).toEqual(['s2']);
  });

  it('keys signed answers by their expiry: the same text for five minutes, another after', async () => {
    const { links, clock } = setup({});
    const first = fileLinkKey(await links.formFor({ spaceId: 's1', onMain: true }));
    clock.advance(1000);
    const second = await links.formFor({ spaceId: 's1', onMain: true });
    expect(fileLinkKey(second)).not.toBe(first);
    clock.advance(298_000);
    expect(fileLinkKey(await links.formFor({ spaceId: 's1', onMain: true }))).toBe(fileLinkKey(second));
    clock.advance(2000);
    expect(fileLinkKey(await links.formFor({ spaceId: 's1', onMain: true }))).not.toBe(fileLinkKey(second));
  });
});
