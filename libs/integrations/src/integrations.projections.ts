import { Projection } from '@folio/platform/projections/projection';

export const integrationsProjections: Projection[] = [];
