import { Module } from '@nestjs/common';
import { ContentAccessModule } from '../access/access.module';
import { SpecParsing } from './parsing/spec-parsing';
import { OpenAPISpecAccess } from './spec/openapi-spec-access';
import { openapiSpecCommandHandlers } from './spec/openapi-spec.commands';
import { OpenAPISpecController } from './spec/openapi-spec.controller';
import { openapiSpecQueryHandlers } from './spec/openapi-spec.queries';
import { OpenAPISpecReads } from './spec/openapi-spec.reads';
import { OpenAPISpecProcessing } from './spec/spec-processing';
import { SpecSlugs } from './spec/spec-slugs';
import { SpecTexts } from './spec/spec-texts';
import { OpenAPISpecContents } from './spec-contents';

/**
 * Organizations' OpenAPI specs: their reads (what a page's OpenAPI blocks ask, OpenAPISpecContents) and
 * their processor, which runs where projections run (the embedded API, the projector).
 */
@Module({
  providers: [SpecTexts, SpecParsing, OpenAPISpecReads, { provide: OpenAPISpecContents, useExisting: OpenAPISpecReads }, OpenAPISpecProcessing],
  exports: [OpenAPISpecContents, OpenAPISpecReads, SpecTexts],
})
export class OpenAPIModule {}

/** The specs' routes (the API only). */
@Module({
  imports: [OpenAPIModule, ContentAccessModule],
  providers: [...openapiSpecCommandHandlers, ...openapiSpecQueryHandlers, OpenAPISpecAccess, SpecSlugs],
  controllers: [OpenAPISpecController],
})
export class OpenAPIHttpModule {}
