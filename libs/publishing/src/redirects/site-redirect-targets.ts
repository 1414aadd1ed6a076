import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { LocateMainPages } from '@folio/content/public/main-pages.query';
import { SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { SiteViews } from '../sites/site-views';
import { DestinationInput } from './site-redirect.dto';
import { SiteRedirectDestination } from './site-redirect.events';

/**
 * Redirect destinations against the site they belong to: checked when a redirect is written (a section, a
 * site space, a page of one, all of this site; a `path` destination becomes the page it names), and turned
 * into a URL when a redirect is served: the section's or site space's published URL as the site answers
 * it (SiteViews), a page's that plus the page's path in its space's current revision.
 */
@Injectable()
export class SiteRedirectTargets {
  constructor(
    private readonly sites: SiteReads,
    private readonly views: SiteViews,
    private readonly queries: QueryBus,
  ) {}

  /** The destination to store; Invalid (400) when it names nothing of this site. */
  async resolve(caller: Caller, site: SiteDoc, input: DestinationInput): Promise<SiteRedirectDestination> {
    switch (input.kind) {
      case 'external':
        return input;
      case 'site-section':
        await this.sites.section(site.id, input.siteSectionId).catch(invalid('destination: no such site section in this site'));
        return input;
      case 'site-space':
        await this.sites.siteSpace(site.id, input.siteSpaceId).catch(invalid('destination: no such site space in this site'));
        return input;
      case 'site-page': {
        const siteSpace = await this.sites.siteSpace(site.id, input.siteSpaceId).catch(invalid('destination: no such site space in this site'));
        const pages = await this.queries.execute(new LocateMainPages(caller, siteSpace.spaceId, [input.pageId], []));
        if (!pages?.pathOf.has(input.pageId)) throw new Invalid('destination: no such page in the site space');
        return input;
      }
      case 'path': {
        // The site space showing the space: the first by position (then id) when several do.
        const showing = (await this.sites.siteSpacesOfSpace(input.spaceId)).filter((s) => s.siteId === site.id).sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1));
        if (showing.length === 0) throw new Invalid('destination: no site space of this site shows that space');
        const path = input.path.replace(/^\/+|\/+$/g, '');
        const pages = await this.queries.execute(new LocateMainPages(caller, input.spaceId, [], [path]));
        const pageId = pages?.idAt.get(path);
        if (pageId === undefined) throw new Invalid('destination: no page at that path in the space');
        return { kind: 'site-page', siteSpaceId: showing[0].id, pageId };
      }
    }
  }

  /**
   * The destination's URL, or null when it has none: the site is not published, or the section or site
   * space is gone (or hidden from the caller). A page no longer in its space leads to its site space. The
   * site is rendered for the caller (its structure's published URLs) only for a destination inside it.
   */
  async url(caller: Caller, site: SiteDoc, destination: SiteRedirectDestination): Promise<string | null> {
    if (destination.kind === 'external') return destination.url;
    const rendered = await this.views.render(site, caller);
    switch (destination.kind) {
      case 'site-section':
        return rendered.sections.get(destination.siteSectionId)?.urls.published ?? null;
      case 'site-space':
        return rendered.siteSpaces.get(destination.siteSpaceId)?.urls.published ?? null;
      case 'site-page': {
        const siteSpace = rendered.siteSpaces.get(destination.siteSpaceId);
        const base = siteSpace?.urls.published;
        if (!siteSpace || base === undefined) return null;
        const pages = await this.queries.execute(new LocateMainPages(caller, siteSpace.space.id, [destination.pageId], []));
        return pagePublishedUrl(base, pages?.pathOf.get(destination.pageId));
      }
    }
  }
}

/** A page's published URL: its site space's and the page's path (the site space's own URL for the first page, whose path is empty). */
export function pagePublishedUrl(siteSpaceUrl: string, path: string | undefined): string {
  return path ? `${siteSpaceUrl.replace(/\/+$/, '')}/${path}` : siteSpaceUrl;
}

const invalid = (message: string) => (error: unknown) => {
  throw error instanceof NotFound ? new Invalid(message) : error;
};
