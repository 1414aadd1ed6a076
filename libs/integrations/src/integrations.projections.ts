import { Projection } from '@folio/platform/projections/projection';
import { webhookDeliveryProjection } from './deliveries/webhook-delivery.projection';

export const integrationsProjections: Projection[] = [webhookDeliveryProjection];
