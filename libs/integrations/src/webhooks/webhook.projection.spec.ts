import { Sealed } from '@folio/platform/domain/sealed';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { WebhookEvent, WebhookSettings, webhookStream } from './webhook.events';
import { WEBHOOKS, WebhookDoc, webhookProjection } from './webhook.projection';

const spec = projectionSpec<WebhookEvent>(webhookProjection, { stream: (e) => webhookStream(e.data.webhookId) });
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const organizationId = 'o1';
const sealed = (n: number): Sealed => ({ alg: 'A256GCM', iv: `iv${n}`, tag: `tag${n}`, data: `data${n}` });
const settings: WebhookSettings = { url: 'https://hooks.example.com/folio', events: ['space.created'], description: null, active: true };

const created = (webhookId: string): WebhookEvent => ({
  type: 'WebhookCreated',
  data: { webhookId, organizationId, ...settings, secret: sealed(1), createdAt: now, createdBy: 'u1' },
});
const updated = (webhookId: string, changes: Partial<WebhookSettings>, before: Partial<WebhookSettings>): WebhookEvent => ({
  type: 'WebhookUpdated',
  data: { webhookId, organizationId, changes, before, updatedAt: later },
});
const disabled = (webhookId: string): WebhookEvent => ({ type: 'WebhookDisabled', data: { webhookId, organizationId, failures: 20, disabledAt: later } });
const rotated = (webhookId: string): WebhookEvent => ({ type: 'WebhookSecretRotated', data: { webhookId, organizationId, secret: sealed(2), rotatedAt: later } });
const deleted = (webhookId: string): WebhookEvent => ({ type: 'WebhookDeleted', data: { webhookId, organizationId, deletedAt: later } });

const webhook = (id: string, fields: Partial<WebhookDoc> = {}): WebhookDoc => ({
  id,
  organizationId,
  ...settings,
  secret: sealed(1),
  disabledAt: null,
  failures: null,
  createdAt: now,
  createdBy: 'u1',
  updatedAt: now,
  streamRevision: '0',
  ...fields,
});

describe('webhook projection', () => {
  it('creates a webhook with its sealed secret', () => spec.given([created('w1')]).then(WEBHOOKS, [webhook('w1')]));

  it('sets the changed fields and moves the ETag', () =>
    spec
      .given([created('w1'), updated('w1', { url: 'https://other.example.com/', events: ['*'] }, { url: settings.url, events: settings.events })])
      .thenDocument(WEBHOOKS, 'w1', webhook('w1', { url: 'https://other.example.com/', events: ['*'], updatedAt: later, streamRevision: '1' })));

  it('keeps why the dispatcher disabled it, until it is re-activated', async () => {
    await spec.given([created('w1'), disabled('w1')]).thenDocument(WEBHOOKS, 'w1', webhook('w1', { active: false, disabledAt: later, failures: 20, updatedAt: later, streamRevision: '1' }));
    await spec
      .given([created('w1'), disabled('w1'), updated('w1', { active: true }, { active: false })])
      .thenDocument(WEBHOOKS, 'w1', webhook('w1', { active: true, updatedAt: later, streamRevision: '2' }));
  });

  it('replaces the sealed secret on a rotation', () =>
    spec.given([created('w1'), rotated('w1')]).thenDocument(WEBHOOKS, 'w1', webhook('w1', { secret: sealed(2), updatedAt: later, streamRevision: '1' })));

  it('removes a deleted webhook, keeping the others', () => spec.given([created('w1'), created('w2'), deleted('w1')]).then(WEBHOOKS, [webhook('w2')]));

  it('is idempotent and rebuilds identically', async () => {
    const events = [created('w1'), disabled('w1'), updated('w1', { active: true, description: 'CI' }, { active: false, description: null }), rotated('w1'), created('w2'), deleted('w2')];
    await spec.given(events).thenIdempotent();
    await spec.given(events).thenRebuildsIdentically();
  });
});
