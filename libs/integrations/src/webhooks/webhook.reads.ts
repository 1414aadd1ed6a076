import { Inject, Injectable } from '@nestjs/common';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { webhookSecretSubject } from './webhook.events';
import { WEBHOOKS, WebhookDoc } from './webhook.projection';

/**
 * Reads of webhooks: inside one organization for its admins (an id from another one is not found), by id
 * alone for the dispatcher, which also opens their secrets to sign deliveries. Exported by
 * IntegrationsModule.
 */
@Injectable()
export class WebhookReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly cipher: SubjectCipher,
  ) {}

  /** The webhook, whatever its organization; null once deleted (or never created). */
  byId(webhookId: string): Promise<WebhookDoc | null> {
    return this.reads.get<WebhookDoc>(WEBHOOKS, webhookId);
  }

  async get(organizationId: string, webhookId: string): Promise<WebhookDoc | null> {
    const webhook = await this.byId(webhookId);
    return webhook && webhook.organizationId === organizationId ? webhook : null;
  }

  /** The organization's webhook, or 404. */
  async view(organizationId: string, webhookId: string): Promise<WebhookDoc> {
    const webhook = await this.get(organizationId, webhookId);
    if (!webhook) throw new NotFound('webhook');
    return webhook;
  }

  /** Oldest first. */
  page(organizationId: string, list: ListQuery): Promise<{ items: WebhookDoc[]; next?: { page: string } }> {
    return findPage<WebhookDoc>(this.reads, WEBHOOKS, { filter: { organizationId }, sort: { field: 'createdAt', direction: 'asc' } }, list);
  }

  count(organizationId: string): Promise<number> {
    return this.reads.count(WEBHOOKS, { organizationId });
  }

  /** The organization's active webhooks (a handful: see WEBHOOKS_PER_ORGANIZATION): whom an event may go to. */
  active(organizationId: string): Promise<WebhookDoc[]> {
    return findEvery<WebhookDoc>(this.reads, WEBHOOKS, { organizationId, active: true });
  }

  /**
   * The signing secret in clear (the string shown at creation, used as the HMAC key as is), or null once
   * the webhook's key is erased (deleted). Never part of a resource after its creation or rotation.
   */
  secret(webhook: Pick<WebhookDoc, 'id' | 'secret'>): Promise<string | null> {
    return this.cipher.open<string>(webhookSecretSubject(webhook.id), webhook.secret);
  }
}
