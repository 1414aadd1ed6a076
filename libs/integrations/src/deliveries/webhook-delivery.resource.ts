import { DeliveryDoc } from './webhook-delivery.projection';

/** A delivery as its webhook's admins see it: the event it carries, where it stands, its current series of attempts. */
export function webhookDeliveryResource(doc: DeliveryDoc) {
  return {
    object: 'webhook-delivery' as const,
    id: doc.id,
    webhookId: doc.webhookId,
    event: doc.event,
    status: doc.status,
    attempts: doc.attempts,
    attemptCount: doc.attemptCount,
    responseCode: doc.responseCode,
    nextAttemptAt: doc.nextAttemptAt,
    createdAt: doc.createdAt,
  };
}

export type WebhookDeliveryResource = ReturnType<typeof webhookDeliveryResource>;
