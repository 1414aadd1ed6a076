/** One try at sending a delivery, as the delivery list shows it. */
export type DeliveryAttempt = {
  at: string;
  /** The receiver's answer; null when none came (refused address, network error, timeout). */
  statusCode: number | null;
  /** Why the attempt failed, when it did without a status or with one that is not 2xx. */
  error: string | null;
  durationMs: number;
};

/**
 * What an attempt decided: `succeeded` (2xx), `retrying` at `nextAttemptAt` (network error, timeout, 429,
 * 5xx, attempts left), `failed` (another 4xx, a refused address, the webhook gone or inactive, or the
 * last attempt).
 */
export type AttemptOutcome = { result: 'succeeded' } | { result: 'retrying'; nextAttemptAt: string } | { result: 'failed' };

/**
 * One event of the log sent to one webhook: one stream per delivery, its id derived from the webhook's and
 * the event's (deliveryId), so the dispatcher recording it twice (a re-run after a crash) writes it once.
 * `body` is the JSON sent, fixed when recorded: every attempt and every redelivery sends these bytes.
 */
export type WebhookDeliveryEvent =
  | {
      type: 'WebhookDeliveryRecorded';
      data: { deliveryId: string; webhookId: string; organizationId: string; eventId: string; eventType: string; body: string; createdAt: string };
    }
  | {
      type: 'WebhookDeliveryAttempted';
      /** `attempt` counts from 1 within the series (a redelivery starts a new one). */
      data: DeliveryAttempt & AttemptOutcome & { deliveryId: string; webhookId: string; attempt: number };
    }
  | {
      /** An admin asked for it again: pending, with a fresh series of attempts. */
      type: 'WebhookDeliveryRedelivered';
      data: { deliveryId: string; webhookId: string; redeliveredAt: string; redeliveredBy: string };
    };

export const webhookDeliveryStream = (deliveryId: string) => `webhook-delivery-${deliveryId}`;
