import { Sealed } from '@folio/platform/domain/sealed';
import { comparePositions, StoredEvent } from '@folio/platform/event-store/event-store.port';
import { subscribes } from '../catalogue/webhook-catalogue';
import { WebhookEvent, WebhookSettings } from '../webhooks/webhook.events';

/** What the dispatcher and the sender need of a webhook: where it sends, what it receives, its sealed secret. */
export type Subscription = WebhookSettings & {
  webhookId: string;
  organizationId: string;
  secret: Sealed;
};

/**
 * A webhook as its stream stands before log position `before` (all of it when null); null when it did not
 * exist then, or was deleted. The dispatcher asks for the webhook as it stood when an event happened, so
 * that an event is delivered to the webhooks subscribed to it at that moment, whatever they became since.
 */
export function subscriptionAt(stream: readonly StoredEvent[], before: string | null): Subscription | null {
  let subscription = null as Subscription | null;
  for (const stored of stream) {
    if (before !== null && comparePositions(stored.position, before) >= 0) break;
    const event = stored as unknown as WebhookEvent;
    switch (event.type) {
      case 'WebhookCreated': {
        const { webhookId, organizationId, url, events, description, active, secret } = event.data;
        subscription = { webhookId, organizationId, url, events, description, active, secret };
        break;
      }
      case 'WebhookUpdated':
        if (subscription) subscription = { ...subscription, ...event.data.changes };
        break;
      case 'WebhookDisabled':
        if (subscription) subscription = { ...subscription, active: false };
        break;
      case 'WebhookSecretRotated':
        if (subscription) subscription = { ...subscription, secret: event.data.secret };
        break;
      case 'WebhookDeleted':
        subscription = null;
        break;
    }
  }
  return subscription;
}

/** Whether an active webhook receives events of this dotted name. */
export const receives = (subscription: Subscription, name: string) => subscription.active && subscribes(subscription.events, name);
