import { Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { EMPTY_ADAPTIVE_SCHEMA } from '../adaptive/adaptive-schema';
import { AdaptiveSchemaReads } from '../adaptive/adaptive-schema.reads';
import { RenderedStructure, SiteSectionGroupView, SiteSectionView, SiteViews } from '../sites/site-views';
import { SiteDoc } from '../sites/site.projection';
import { visibleStructure } from './visible-structure';

/** A site's structure as one visitor sees it once published (see visibleStructure). */
@Injectable()
export class PublishedStructures {
  constructor(
    private readonly views: SiteViews,
    private readonly schemas: AdaptiveSchemaReads,
  ) {}

  /**
   * The structure a visitor with `claims` sees. Its spaces are read as `caller` may see them (a member
   * asking), or, with no caller, as the site shows them to its visitors (a site token's reader).
   */
  async visible(site: SiteDoc, caller: Caller | null, claims: Record<string, unknown>): Promise<RenderedStructure['structure']> {
    const [rendered, schema] = await Promise.all([this.views.render(site, caller), this.schemas.schema(site.id)]);
    return visibleStructure(rendered.structure, schema?.jsonSchema ?? EMPTY_ADAPTIVE_SCHEMA, claims);
  }
}

/** The ids of the site spaces a structure shows, in its order. */
export function siteSpaceIdsOf(structure: RenderedStructure['structure']): string[] {
  if (structure.type === 'siteSpaces') return structure.structure.map((siteSpace) => siteSpace.id);
  const walk = (items: (SiteSectionView | SiteSectionGroupView)[]): string[] =>
    items.flatMap((item) => (item.object === 'site-section-group' ? walk(item.children) : item.siteSpaces.map((siteSpace) => siteSpace.id)));
  return walk(structure.structure);
}
