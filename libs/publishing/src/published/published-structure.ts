import { Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { EMPTY_ADAPTIVE_SCHEMA } from '../adaptive/adaptive-schema';
import { AdaptiveSchemaReads } from '../adaptive/adaptive-schema.reads';
import { RenderedStructure, SiteViews } from '../sites/site-views';
import { SiteDoc } from '../sites/site.projection';
import { visibleStructure } from './visible-structure';

/**
 * A published site's structure as one visitor sees it: rendered for `caller` (whose spaces it may list),
 * then cut down by the site's adaptive schema for the visitor's claims (see visibleStructure). What the
 * published answer shows and what a site token may read are both this.
 */
@Injectable()
export class PublishedStructure {
  constructor(
    private readonly views: SiteViews,
    private readonly schemas: AdaptiveSchemaReads,
  ) {}

  async of(site: SiteDoc, caller: Caller, claims: Record<string, unknown>): Promise<RenderedStructure['structure']> {
    const [rendered, schema] = await Promise.all([this.views.render(site, caller), this.schemas.schema(site.id)]);
    return visibleStructure(rendered.structure, schema?.jsonSchema ?? EMPTY_ADAPTIVE_SCHEMA, claims);
  }
}
