import { siteProjection } from './sites/site.projection';

export const publishingProjections = [siteProjection];
