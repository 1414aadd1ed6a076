import { Sealed } from '@folio/platform/domain/sealed';
import { defineProjection } from '@folio/platform/projections/projection';
import { WebhookEvent, WebhookSettings } from './webhook.events';

export const WEBHOOKS = 'webhooks';

export type WebhookDoc = WebhookSettings & {
  /** The webhookId. */
  id: string;
  organizationId: string;
  /** Sealed under webhookSecretSubject(id): opened only to sign a delivery (WebhookReads.secret). */
  secret: Sealed;
  /** Set while the dispatcher's disabling stands (after `failures` failed deliveries in a row). */
  disabledAt: string | null;
  failures: number | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  /** Revision of the webhook's stream: its ETag. */
  streamRevision: string;
  [key: string]: unknown;
};

/** The webhooks of every organization, one document each until it is deleted. */
export const webhookProjection = defineProjection<WebhookEvent>(
  'integrations-webhooks',
  [{ name: WEBHOOKS, indexes: [['organizationId', 'createdAt'], ['organizationId', 'active']] }],
  {
    WebhookCreated: async ({ data, revision }, tx) => {
      const { webhookId, organizationId, url, events, description, active, secret, createdAt, createdBy } = data;
      const doc: WebhookDoc = {
        id: webhookId,
        organizationId,
        url,
        events,
        description,
        active,
        secret,
        disabledAt: null,
        failures: null,
        createdAt,
        createdBy,
        updatedAt: createdAt,
        streamRevision: String(revision),
      };
      await tx.upsert(WEBHOOKS, doc);
    },
    // Any change of `active` (re-activating, or an admin's own disabling) replaces the dispatcher's reason.
    WebhookUpdated: async ({ data, revision }, tx) =>
      tx.patch(WEBHOOKS, data.webhookId, {
        ...data.changes,
        ...(data.changes.active !== undefined ? { disabledAt: null, failures: null } : {}),
        updatedAt: data.updatedAt,
        streamRevision: String(revision),
      }),
    WebhookDisabled: async ({ data, revision }, tx) =>
      tx.patch(WEBHOOKS, data.webhookId, { active: false, disabledAt: data.disabledAt, failures: data.failures, updatedAt: data.disabledAt, streamRevision: String(revision) }),
    WebhookSecretRotated: async ({ data, revision }, tx) =>
      tx.patch(WEBHOOKS, data.webhookId, { secret: data.secret, updatedAt: data.rotatedAt, streamRevision: String(revision) }),
    WebhookDeleted: async ({ data }, tx) => tx.delete(WEBHOOKS, data.webhookId),
  },
);
