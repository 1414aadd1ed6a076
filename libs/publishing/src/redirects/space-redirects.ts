import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { Caller } from '@folio/platform/auth/caller';
import { FindFolderRedirect } from '@folio/content/public/folder-redirect.query';
import { SiteDoc } from '../sites/site.projection';
import { SiteViews } from '../sites/site-views';
import { SiteRedirectResource } from './site-redirect.resource';
import { pagePublishedUrl } from './site-redirect-targets';

/** The path part of a URL, without a trailing slash (`''` for the host's root). */
const pathnameOf = (url: string) => new URL(url).pathname.replace(/\/+$/, '');

/**
 * The spaces' own redirects (a Git Sync folder's `.gitbook.yaml`), served where no site redirect answers:
 * a source under a site space's published path (`/<section>/<site space>/…`, the default's being `/…`)
 * whose rest is a redirect's source in that site space's space (its current revision) answers the
 * redirect's page in that site space. Site spaces are tried from the longest path down, so a site space's
 * own redirects win over the default's for paths under it. A draft site space is not tried.
 */
@Injectable()
export class SpaceRedirects {
  constructor(private readonly views: SiteViews, private readonly queries: QueryBus) {}

  async answer(caller: Caller, site: SiteDoc, source: string): Promise<{ redirect: SiteRedirectResource; target: string } | null> {
    const siteUrl = (await this.views.sites([site], null))[0].urls.published;
    if (siteUrl === undefined) return null;
    const base = pathnameOf(siteUrl);
    const rendered = await this.views.render(site, caller);
    const candidates = [...rendered.siteSpaces.values()]
      .flatMap((view) => {
        const url = view.urls.published;
        if (view.draft || url === undefined || !pathnameOf(url).startsWith(base)) return [];
        const prefix = pathnameOf(url).slice(base.length);
        const under = prefix === '' || source === prefix || source.startsWith(`${prefix}/`);
        return under ? [{ view, url, rest: source.slice(prefix.length) }] : [];
      })
      .sort((a, b) => a.rest.length - b.rest.length);
    for (const { view, url, rest } of candidates) {
      const hit = await this.queries.execute(new FindFolderRedirect(caller, view.space.id, rest));
      if (!hit) continue;
      const redirect: SiteRedirectResource = {
        object: 'site-redirect',
        // Not a stored redirect: an id of its own kind, the same for the same site space and source.
        id: `space-${createHash('sha256').update(`${view.id}\0${hit.source}`).digest('hex').slice(0, 24)}`,
        source,
        draft: false,
        captureWildcard: false,
        permanent: false,
        destination: { kind: 'site-page', siteSpaceId: view.id, pageId: hit.pageId },
        createdAt: hit.since,
      };
      return { redirect, target: pagePublishedUrl(url, hit.pagePath) };
    }
    return null;
  }
}
