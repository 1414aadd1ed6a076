import { Projection } from '@folio/platform/projections/projection';
import { identityProjections } from '@folio/identity/identity.projections';

/** Every projection Folio runs: the API (embedded mode), the projector and the CLI share this list. */
export const allProjections: Projection[] = [...identityProjections];
