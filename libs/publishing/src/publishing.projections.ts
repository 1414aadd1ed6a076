import { siteAddressProjection } from './addresses/site-address.projection';
import { siteAdaptiveSchemaProjection } from './adaptive/adaptive-schema.projection';
import { customizationProjection } from './customization/customization.projection';
import { siteRedirectProjection } from './redirects/site-redirect.projection';
import { shareLinkProjection } from './share-links/share-link.projection';
import { siteProjection } from './sites/site.projection';
import { visitorAuthProjection } from './visitor-auth/visitor-auth.projection';

export const publishingProjections = [siteProjection, siteAddressProjection, siteAdaptiveSchemaProjection, shareLinkProjection, customizationProjection, visitorAuthProjection, siteRedirectProjection];
