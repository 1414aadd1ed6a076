import { customizationProjection } from './customization/customization.projection';
import { shareLinkProjection } from './share-links/share-link.projection';
import { siteProjection } from './sites/site.projection';

export const publishingProjections = [siteProjection, shareLinkProjection, customizationProjection];
