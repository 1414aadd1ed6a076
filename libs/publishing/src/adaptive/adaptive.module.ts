import { Module } from '@nestjs/common';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { adaptiveSchemaCommandHandlers } from './adaptive-schema.commands';
import { AdaptiveSchemaController } from './adaptive-schema.controller';
import { adaptiveSchemaQueryHandlers } from './adaptive-schema.queries';
import { AdaptiveSchemaReads } from './adaptive-schema.reads';
import { SiteConditions } from './site-conditions';

/**
 * Sites' adaptive schemas and the conditions checked against them. The site reads and access are plain
 * readers, provided here again so this module stands without the publishing module's internals.
 * Exports `SiteConditions` (and the reads it needs) for the site structure's handlers.
 */
@Module({
  providers: [...adaptiveSchemaCommandHandlers, ...adaptiveSchemaQueryHandlers, AdaptiveSchemaReads, SiteConditions, SiteReads, SiteAccess],
  exports: [SiteConditions, AdaptiveSchemaReads],
})
export class AdaptiveModule {}

/** The routes: the API only. */
@Module({
  imports: [AdaptiveModule],
  controllers: [AdaptiveSchemaController],
})
export class AdaptiveHttpModule {}
