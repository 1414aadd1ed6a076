import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Reader } from '@folio/platform/auth/reader';
import { Clock } from '@folio/platform/clock';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { KeptWhileUnchanged } from '../published/kept-while-unchanged';
import { PublishedStructures } from '../published/published-structures';
import { ReaderSpaces } from '../public/reader-spaces.query';
import { ShareLinkReads } from '../share-links/share-link.reads';
import { SITES, SiteDoc } from '../sites/site.projection';
import { RenderedStructure, SiteSectionGroupView, SiteSectionView } from '../sites/site-views';

/** Readers' answers kept: a set of space ids each, one per (site, claims, share key) in use. */
const MAX_KEPT = 1_000;

/**
 * What a site token's bearer may read, checked live: its site still exists in its organization and is
 * published, a `share-link` site's link (the token's key) is still active, and the spaces are those of the
 * site spaces its published structure shows for the token's claims (drafts, binned spaces and what a
 * condition hides are out). A renderer asks on every call of a page view, so the answer is kept per
 * (site, claims, share key) while the read models are unchanged.
 */
@Injectable()
export class ReaderAccess {
  private readonly kept: KeptWhileUnchanged<ReadonlySet<string> | null>;

  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly shareLinks: ShareLinkReads,
    private readonly structures: PublishedStructures,
    clock: Clock,
  ) {
    this.kept = new KeptWhileUnchanged(reads, clock, MAX_KEPT);
  }

  /** The spaces `reader` may read; null when it may read nothing. */
  spaces(reader: Reader): Promise<ReadonlySet<string> | null> {
    const key = JSON.stringify([reader.siteId, reader.organizationId, reader.shareKey ?? null, reader.claims]);
    return this.kept.get(key, () => this.decide(reader));
  }

  private async decide(reader: Reader): Promise<ReadonlySet<string> | null> {
    const site = await this.reads.get<SiteDoc>(SITES, reader.siteId);
    if (!site || site.organizationId !== reader.organizationId || !site.published) return null;
    if (site.visibility === 'share-link' && !(reader.shareKey !== undefined && (await this.shareLinks.activeShareLink(site.id, reader.shareKey)))) return null;
    // Rendered as the site shows it to its visitors (no caller: every space of its organization it lists), not as a user sees it.
    return new Set(spacesOf(await this.structures.visible(site, null, reader.claims)));
  }
}

/** The ids of the spaces of every site space in a structure. */
function spacesOf(structure: RenderedStructure['structure']): string[] {
  if (structure.type === 'siteSpaces') return structure.structure.map((siteSpace) => siteSpace.space.id);
  const sections = (items: (SiteSectionView | SiteSectionGroupView)[]): string[] =>
    items.flatMap((item) => (item.object === 'site-section-group' ? sections(item.children) : item.siteSpaces.map((siteSpace) => siteSpace.space.id)));
  return sections(structure.structure);
}

@QueryHandler(ReaderSpaces)
export class ReaderSpacesHandler implements IQueryHandler<ReaderSpaces> {
  constructor(private readonly access: ReaderAccess) {}

  execute({ reader }: ReaderSpaces) {
    return this.access.spaces(reader);
  }
}
