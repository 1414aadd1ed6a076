import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { SITE_ADAPTIVE_SCHEMAS, SiteAdaptiveSchemaDoc } from './adaptive-schema.projection';

/** Reads of the adaptive schemas' read model, for a site already read (its organization checked). */
@Injectable()
export class AdaptiveSchemaReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  /** The site's schema document; null when it never set one. */
  schema(siteId: string): Promise<SiteAdaptiveSchemaDoc | null> {
    return this.reads.get<SiteAdaptiveSchemaDoc>(SITE_ADAPTIVE_SCHEMAS, siteId);
  }
}
