import { Injectable } from '@nestjs/common';
import { EMPTY_ADAPTIVE_SCHEMA } from './adaptive-schema';
import { AdaptiveSchemaReads } from './adaptive-schema.reads';
import { compileCondition } from './site-condition';

/**
 * For the site structure's handlers (site spaces, sections): a `condition` is checked against the
 * site's adaptive schema when it is written. The site is one the handler has already read in its
 * organization; one that never set a schema has no claims, so any condition naming one is refused.
 */
@Injectable()
export class SiteConditions {
  constructor(private readonly schemas: AdaptiveSchemaReads) {}

  /** Throws Invalid (400) naming what is wrong with `source`. */
  async check(organizationId: string, siteId: string, source: string): Promise<void> {
    const doc = await this.schemas.schema(siteId);
    const schema = doc && doc.organizationId === organizationId ? doc.jsonSchema : EMPTY_ADAPTIVE_SCHEMA;
    compileCondition(source, schema);
  }
}
