import { siteAdaptiveSchemaProjection } from './adaptive/adaptive-schema.projection';
import { siteProjection } from './sites/site.projection';

export const publishingProjections = [siteProjection, siteAdaptiveSchemaProjection];
