import { Sealed } from '@folio/platform/domain/sealed';

/** What a subscriber may change after creating a webhook (a type, not an interface: event data is a plain record). */
export type WebhookSettings = {
  /** The receiver (http or https); checked against the outbound address policy when used. */
  url: string;
  /** Stable dotted event names (see catalogue/), or `*` for every one. */
  events: string[];
  description: string | null;
  /** False once disabled (by its admin, or after WEBHOOK_DISABLE_AFTER failed deliveries in a row). */
  active: boolean;
};

/**
 * An organization's webhook: one stream per webhook. Its signing secret is sealed under the webhook's own
 * key (platform/crypto SubjectCipher, subject `webhook-<id>`): the log never holds it in clear, and deleting
 * the webhook erases the key.
 */
export type WebhookEvent =
  | {
      type: 'WebhookCreated';
      data: WebhookSettings & { webhookId: string; organizationId: string; secret: Sealed; createdAt: string; createdBy: string };
    }
  | {
      type: 'WebhookUpdated';
      data: { webhookId: string; organizationId: string; changes: Partial<WebhookSettings>; before: Partial<WebhookSettings>; updatedAt: string };
    }
  | {
      /** Written by the dispatcher (system caller) after `failures` failed deliveries in a row. */
      type: 'WebhookDisabled';
      data: { webhookId: string; organizationId: string; failures: number; disabledAt: string };
    }
  | {
      /** A new signing secret (PATCH `rotateSecret`), sealed as the first was; the old one stops signing at once. */
      type: 'WebhookSecretRotated';
      data: { webhookId: string; organizationId: string; secret: Sealed; rotatedAt: string };
    }
  | { type: 'WebhookDeleted'; data: { webhookId: string; organizationId: string; deletedAt: string } };

export const webhookStream = (webhookId: string) => `webhook-${webhookId}`;
/** The SubjectCipher subject its secret is sealed under. */
export const webhookSecretSubject = (webhookId: string) => `webhook-${webhookId}`;
