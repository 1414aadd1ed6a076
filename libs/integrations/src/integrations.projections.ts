import { Projection } from '@folio/platform/projections/projection';
import { webhookDeliveryProjection } from './deliveries/webhook-delivery.projection';
import { webhookProjection } from './webhooks/webhook.projection';

export const integrationsProjections: Projection[] = [webhookProjection, webhookDeliveryProjection];
