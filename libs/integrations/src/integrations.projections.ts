import { Projection } from '@folio/platform/projections/projection';
import { webhookProjection } from './webhooks/webhook.projection';

export const integrationsProjections: Projection[] = [webhookProjection];
