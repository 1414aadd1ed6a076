/**
 * The audit trail of webhooks, an integrations aggregate that sends the organization's events to a URL.
 * Identity records them from the log as it does sites: it names only the fields it reads of those events
 * (never renamed, by the house rules), so it needs nothing of the integrations context. The signing secret
 * is sealed in the events and never recorded; a rotation says only that it happened.
 */
interface WebhookData {
  webhookId: string;
  [field: string]: unknown;
}

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type Entry = { action: string; describe: (data: WebhookData) => Change };

const ENTRIES: Record<string, Entry> = {
  WebhookCreated: { action: 'webhook.created', describe: (d) => ({ before: null, after: { url: d.url, events: d.events, description: d.description, active: d.active } }) },
  WebhookUpdated: { action: 'webhook.updated', describe: (d) => ({ before: d.before as Record<string, unknown>, after: d.changes as Record<string, unknown> }) },
  WebhookDisabled: { action: 'webhook.disabled', describe: (d) => ({ before: { active: true }, after: { active: false, failures: d.failures } }) },
  WebhookSecretRotated: { action: 'webhook.secret_rotated', describe: () => ({ before: null, after: null }) },
  WebhookDeleted: { action: 'webhook.deleted', describe: () => ({ before: null, after: null }) },
};

/** The webhook event types the audit records, with their action names and what each changed. */
export const WEBHOOK_AUDIT = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, { action, describe }]) => [
    type,
    { action, describe: (data: WebhookData) => ({ targetType: 'webhook', targetId: data.webhookId, ...describe(data) }) },
  ]),
);
