import { defineProjection } from '@folio/platform/projections/projection';
import { WebhookEvent } from '../webhooks/webhook.events';
import { DeliveryStatus } from './webhook-delivery.decider';
import { DeliveryAttempt, WebhookDeliveryEvent } from './webhook-delivery.events';

/** Each delivery as the delivery list shows it (and the sender finds the pending ones by `nextAttemptAt`). */
export const INTEGRATIONS_DELIVERIES = 'integrationsWebhookDeliveries';
/** Each live webhook's organization (whose events it may receive) and its run of failed deliveries. */
export const INTEGRATIONS_DELIVERY_WEBHOOKS = 'integrationsDeliveryWebhooks';

export interface DeliveryDoc {
  id: string;
  webhookId: string;
  organization: string;
  event: { id: string; type: string };
  status: DeliveryStatus;
  /** The current series (a redelivery starts a new one). */
  attempts: DeliveryAttempt[];
  attemptCount: number;
  /** The last attempt's status code. */
  responseCode: number | null;
  /** When the sender tries next; null once succeeded or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  [key: string]: unknown;
}

export interface DeliveryWebhookDoc {
  id: string;
  organization: string;
  /**
   * The deliveries failed for good in a row (`<deliveryId>@<attempt's at>`, so that applying one twice counts
   * it once), the last MAX_FAILURE_RUN of them: a success, or re-enabling the webhook, starts it over.
   */
  failed: string[];
  [key: string]: unknown;
}

/** The longest run of failures counted (WEBHOOK_DISABLE_AFTER beyond it would never disable). */
export const MAX_FAILURE_RUN = 1000;

/**
 * The deliveries, and what the dispatcher and the sender need of the webhooks: which are live in which
 * organization, and how many of their deliveries failed in a row. A webhook deleted takes its deliveries
 * out of the list (and out of the sender's sight: its secret is gone, nothing could be signed).
 */
export const webhookDeliveryProjection = defineProjection<WebhookDeliveryEvent | WebhookEvent>(
  'integrations-webhook-deliveries',
  [
    { name: INTEGRATIONS_DELIVERIES, indexes: [['webhookId', 'createdAt'], ['status', 'nextAttemptAt']] },
    { name: INTEGRATIONS_DELIVERY_WEBHOOKS, indexes: [['organization']] },
  ],
  {
    WebhookCreated: (e, tx) => tx.upsert(INTEGRATIONS_DELIVERY_WEBHOOKS, { id: e.data.webhookId, organization: e.data.organizationId, failed: [] }),
    WebhookUpdated: async (e, tx) => {
      if (e.data.changes.active === true) await tx.patch(INTEGRATIONS_DELIVERY_WEBHOOKS, e.data.webhookId, { failed: [] });
    },
    WebhookDeleted: async (e, tx) => {
      await tx.delete(INTEGRATIONS_DELIVERY_WEBHOOKS, e.data.webhookId);
      await tx.deleteMany(INTEGRATIONS_DELIVERIES, { webhookId: e.data.webhookId });
    },
    WebhookDeliveryRecorded: async (e, tx) => {
      const { deliveryId, webhookId, eventId, eventType, createdAt } = e.data;
      // Recorded after its webhook was deleted (the dispatcher read it just before): nobody lists it.
      if (!(await tx.get(INTEGRATIONS_DELIVERY_WEBHOOKS, webhookId))) return;
      const doc: DeliveryDoc = { id: deliveryId, webhookId, organization: e.data.organizationId, event: { id: eventId, type: eventType }, status: 'pending', attempts: [], attemptCount: 0, responseCode: null, nextAttemptAt: createdAt, createdAt };
      await tx.upsert(INTEGRATIONS_DELIVERIES, doc);
    },
    WebhookDeliveryAttempted: async (e, tx) => {
      const doc = await tx.get<DeliveryDoc>(INTEGRATIONS_DELIVERIES, e.data.deliveryId);
      if (!doc) return;
      const { at, statusCode, error, durationMs, attempt } = e.data;
      const status: DeliveryStatus = e.data.result === 'retrying' ? 'pending' : e.data.result;
      await tx.patch(INTEGRATIONS_DELIVERIES, doc.id, {
        status,
        attempts: [...doc.attempts.slice(0, attempt - 1), { at, statusCode, error, durationMs }],
        attemptCount: attempt,
        responseCode: statusCode,
        nextAttemptAt: e.data.result === 'retrying' ? e.data.nextAttemptAt : null,
      });
      if (status === 'pending') return;
      const webhook = await tx.get<DeliveryWebhookDoc>(INTEGRATIONS_DELIVERY_WEBHOOKS, doc.webhookId);
      if (!webhook) return;
      const failure = `${doc.id}@${at}`;
      const failed = status === 'succeeded' ? [] : webhook.failed.includes(failure) ? webhook.failed : [...webhook.failed, failure].slice(-MAX_FAILURE_RUN);
      await tx.patch(INTEGRATIONS_DELIVERY_WEBHOOKS, webhook.id, { failed });
    },
    WebhookDeliveryRedelivered: (e, tx) =>
      tx.patch(INTEGRATIONS_DELIVERIES, e.data.deliveryId, { status: 'pending', attempts: [], attemptCount: 0, responseCode: null, nextAttemptAt: e.data.redeliveredAt }),
  },
);
