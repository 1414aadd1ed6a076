import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Doc, Filter, fold, READ_STORE, ReadStore, Sort } from '@folio/platform/read-store/read-store.port';
import { findEvery } from '@folio/platform/read-store/find-every';
import { SiteType } from './site.events';
import { SITE_SECTION_GROUPS, SITE_SECTIONS, SITE_SPACES, SiteDoc, SiteSectionDoc, SiteSectionGroupDoc, SITES, SiteSpaceDoc } from './site.projection';
import { siteTree } from './site-tree';

/** The sites list's filters (the client spec's query parameters); an absent one, or an empty `type` list, filters nothing. */
export interface SiteFilters {
  /** Sites with a site space showing this space. */
  space?: string;
  /** A case-insensitive substring of the title. */
  title?: string;
  published?: boolean;
  type?: SiteType[];
}

/** `default`: true, only the site's default site space; false, all but it; absent, all. */
export interface SiteSpaceFilters {
  default?: boolean;
}

/** A page of a list, its cursor when more may follow. */
export interface SitePage<T> {
  items: T[];
  next?: { page: string };
}

const OLDEST_FIRST: Sort = { field: 'createdAt', direction: 'asc' };
const STRUCTURE_ORDER: Sort = { field: 'position', direction: 'asc' };

/**
 * Reads of the site read models. A site of another organization is as missing as one that does not
 * exist; site spaces are read under a site the caller has already read (`site`).
 */
@Injectable()
export class SiteReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async site(organizationId: string, siteId: string): Promise<SiteDoc> {
    const doc = await this.reads.get<SiteDoc>(SITES, siteId);
    if (!doc || doc.organizationId !== organizationId) throw new NotFound('site');
    return doc;
  }

  /**
   * A page of the organization's sites, oldest first (as spaces are listed), on
   * `[organizationId, createdAt]`, or `[organizationId, published|type, createdAt]` when that filter is
   * set, so a page is a keyset range on an index. The title filter is a substring, so it filters the
   * range's entries (an organization has tens of sites, not millions). `space` is first resolved into
   * the sites showing it, from the site spaces' `[spaceId]` index (a space is on a handful of sites),
   * which become an `id $in` on the list; the cursor is bound to the filters as asked, not to those
   * ids, so a site space added between two pages does not void the cursor.
   */
  async list(organizationId: string, filters: SiteFilters, list: ListQuery): Promise<SitePage<SiteDoc>> {
    const filter: Filter = { organizationId };
    if (filters.published !== undefined) filter.published = filters.published;
    const types = [...new Set(filters.type ?? [])].sort();
    if (types.length === 1) filter.type = types[0];
    else if (types.length > 1) filter.type = { $in: types };
    if (filters.title) filter.titleFolded = { $contains: fold(filters.title) };
    const asked = { organizationId, space: filters.space ?? null, title: filters.title ?? null, published: filters.published ?? null, types };
    if (filters.space !== undefined) {
      const showing = await findEvery<SiteSpaceDoc>(this.reads, SITE_SPACES, { spaceId: filters.space });
      filter.id = { $in: [...new Set(showing.filter((s) => s.organizationId === organizationId).map((s) => s.siteId))].sort() };
    }
    return findPage<SiteDoc>(this.reads, SITES, { filter, sort: OLDEST_FIRST }, list, ['sites', asked]);
  }

  /** Every site space showing the space, on any site (a space is on a handful). */
  siteSpacesOfSpace(spaceId: string): Promise<SiteSpaceDoc[]> {
    return findEvery<SiteSpaceDoc>(this.reads, SITE_SPACES, { spaceId });
  }

  async siteSpace(siteId: string, siteSpaceId: string): Promise<SiteSpaceDoc> {
    const doc = await this.reads.get<SiteSpaceDoc>(SITE_SPACES, siteSpaceId);
    if (!doc || doc.siteId !== siteId) throw new NotFound('site space');
    return doc;
  }

  /**
   * The id of the site's default site space: the one its settings name while it is still there, else
   * the first (lowest position) in the default section when one is set, else at the root; null when
   * that container has none.
   */
  /** The site's whole structure (sections, groups, site spaces, defaults): tens to hundreds of documents, on the site's indexes. */
  async structure(site: Pick<SiteDoc, 'id' | 'defaultSiteSpace' | 'defaultSiteSection' | 'siteSpaceIds' | 'sectionIds' | 'groupIds'>) {
    const refs = (collection: string, ids: string[]) => ids.map((id) => ({ collection, id }));
    // By id, in one snapshot: the document cache answers what it holds, one read transaction the rest.
    const docs = await this.reads.snapshot([...refs(SITE_SECTIONS, site.sectionIds), ...refs(SITE_SECTION_GROUPS, site.groupIds), ...refs(SITE_SPACES, site.siteSpaceIds)]);
    const present = <T>(part: (Doc | null)[]) => part.filter((doc): doc is Doc => doc !== null && doc.siteId === site.id) as T[];
    const sections = present<SiteSectionDoc>(docs.slice(0, site.sectionIds.length));
    const groups = present<SiteSectionGroupDoc>(docs.slice(site.sectionIds.length, site.sectionIds.length + site.groupIds.length));
    const siteSpaces = present<SiteSpaceDoc>(docs.slice(site.sectionIds.length + site.groupIds.length));
    return siteTree(site, sections, groups, siteSpaces);
  }

  /** The site space shown first: the one named, else the default section's, else the root's first (`siteTree`). */
  async defaultSiteSpaceId(site: Pick<SiteDoc, 'id' | 'defaultSiteSpace' | 'defaultSiteSection' | 'siteSpaceIds' | 'sectionIds' | 'groupIds'>): Promise<string | null> {
    return (await this.structure(site)).defaultSiteSpace;
  }

  async section(siteId: string, sectionId: string): Promise<SiteSectionDoc> {
    const doc = await this.reads.get<SiteSectionDoc>(SITE_SECTIONS, sectionId);
    if (!doc || doc.siteId !== siteId) throw new NotFound('site section');
    return doc;
  }

  async group(siteId: string, groupId: string): Promise<SiteSectionGroupDoc> {
    const doc = await this.reads.get<SiteSectionGroupDoc>(SITE_SECTION_GROUPS, groupId);
    if (!doc || doc.siteId !== siteId) throw new NotFound('site section group');
    return doc;
  }

  /** A page of the site's sections (or groups), by position. */
  listParts<T extends SiteSectionDoc | SiteSectionGroupDoc>(collection: typeof SITE_SECTIONS | typeof SITE_SECTION_GROUPS, siteId: string, list: ListQuery): Promise<SitePage<T>> {
    return findPage<T>(this.reads, collection, { filter: { siteId }, sort: STRUCTURE_ORDER }, list);
  }

  /**
   * A page of the site's site spaces in structure order, on `[siteId, position]`. The default is one
   * known id, so `default: true` is that document and `default: false` the range without it: a page is
   * still an index range. The cursor is bound to the filter as asked, so a default that changes between
   * two pages does not void it.
   */
  async listSiteSpaces(siteId: string, filters: SiteSpaceFilters, list: ListQuery): Promise<SitePage<SiteSpaceDoc>> {
    const filter: Filter = { siteId };
    if (filters.default !== undefined) {
      const site = await this.reads.get<SiteDoc>(SITES, siteId);
      const defaultId = site ? await this.defaultSiteSpaceId(site) : null;
      if (filters.default) filter.id = defaultId;
      else if (defaultId !== null) filter.id = { $ne: defaultId };
    }
    return findPage<SiteSpaceDoc>(this.reads, SITE_SPACES, { filter, sort: STRUCTURE_ORDER }, list, ['siteSpaces', siteId, filters.default ?? null]);
  }

  /** One keyset page, its cursor bound to `asked` (the list and its filters as the caller gave them). */
}
