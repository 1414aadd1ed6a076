import { Projection } from '@folio/platform/projections/projection';
import { identityProjections } from '@folio/identity/identity.projections';
import { contentProjections } from '@folio/content/content.projections';
import { collaborationProjections } from '@folio/collaboration/collaboration.projections';
import { insightsProjections } from '@folio/insights/insights.projections';
import { integrationsProjections } from '@folio/integrations/integrations.projections';
import { publishingProjections } from '@folio/publishing/publishing.projections';

/** Every projection Folio runs: the API (embedded mode), the projector and the CLI share this list. */
export const allProjections: Projection[] = [...identityProjections, ...contentProjections, ...collaborationProjections, ...publishingProjections, ...insightsProjections, ...integrationsProjections];
