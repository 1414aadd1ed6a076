import { withETag } from '@folio/platform/http/etag';
import { WebhookDoc } from './webhook.projection';

/**
 * The webhook resource (`webhook`), shown to organization admins only, never with its secret (which
 * the answer to its creation, or to a rotation, adds once). `disabledAt` and `failures` say why it is
 * inactive when the dispatcher disabled it; an admin's own `active: false` needs no reason.
 */
export function webhookResource(w: WebhookDoc, publicUrl: string) {
  const location = `${publicUrl}/v1/orgs/${w.organizationId}/webhooks/${w.id}`;
  return withETag(
    {
      object: 'webhook' as const,
      id: w.id,
      organization: w.organizationId,
      url: w.url,
      events: w.events,
      description: w.description,
      active: w.active,
      ...(w.disabledAt !== null ? { disabledAt: w.disabledAt, failures: w.failures } : {}),
      createdAt: w.createdAt,
      updatedAt: w.updatedAt,
      urls: { location, deliveries: `${location}/deliveries` },
    },
    w.streamRevision,
  );
}

export type WebhookResource = ReturnType<typeof webhookResource>;

/** The answer to a creation or a rotation: the resource and, this once, its signing secret. */
export type WebhookWithSecret = WebhookResource & { secret: string };

export function withSecret(w: WebhookDoc, publicUrl: string, secret: string): WebhookWithSecret {
  return withETag({ ...webhookResource(w, publicUrl), secret }, w.streamRevision);
}
