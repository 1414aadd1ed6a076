import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { WEBHOOK_EVENTS_MAX, webhookDecider, WebhookCommand } from './webhook.decider';
import { WebhookEvent, WebhookSettings } from './webhook.events';

const spec = deciderSpec(webhookDecider);
const now = '2026-03-02T10:00:00.000Z';
const webhookId = 'w1';
const organizationId = 'o1';
const sealed = (n: number): Sealed => ({ alg: 'A256GCM', iv: `iv${n}`, tag: `tag${n}`, data: `data${n}` });
const settings: WebhookSettings = { url: 'https://hooks.example.com/folio', events: ['space.created'], description: null, active: true };

const create = (fields: Partial<WebhookSettings> = {}): WebhookCommand => ({
  type: 'CreateWebhook',
  webhookId,
  organizationId,
  settings: { ...settings, ...fields },
  secret: sealed(1),
  createdBy: 'u1',
  now,
});
const created = (fields: Partial<WebhookSettings> = {}): WebhookEvent => ({
  type: 'WebhookCreated',
  data: { webhookId, organizationId, ...settings, ...fields, secret: sealed(1), createdAt: now, createdBy: 'u1' },
});
const update = (changes: Partial<WebhookSettings>, rotatedSecret?: Sealed, org = organizationId): WebhookCommand => ({ type: 'UpdateWebhook', organizationId: org, changes, rotatedSecret, now });
const updated = (changes: Partial<WebhookSettings>, before: Partial<WebhookSettings>): WebhookEvent => ({
  type: 'WebhookUpdated',
  data: { webhookId, organizationId, changes, before, updatedAt: now },
});
const disable = (failures = 20): WebhookCommand => ({ type: 'DisableWebhook', organizationId, failures, now });
const disabled = (failures = 20): WebhookEvent => ({ type: 'WebhookDisabled', data: { webhookId, organizationId, failures, disabledAt: now } });
const remove = (org = organizationId): WebhookCommand => ({ type: 'DeleteWebhook', organizationId: org, now });
const deleted: WebhookEvent = { type: 'WebhookDeleted', data: { webhookId, organizationId, deletedAt: now } };

describe('webhook decider', () => {
  describe('create', () => {
    it('records the settings and the sealed secret, events unique and sorted', () =>
      spec
        .given([])
        .when(create({ events: ['space.deleted', 'change_request.merged', 'space.deleted'] }))
        .then([created({ events: ['change_request.merged', 'space.deleted'] })]));

    it('subscribes to every event with *', () => spec.given([]).when(create({ events: ['*'] })).then([created({ events: ['*'] })]));

    it('refuses no events, too many, and unknown names, listing the known ones', () => {
      spec.given([]).when(create({ events: [] })).thenThrows(Invalid, /at least one event/);
      spec.given([]).when(create({ events: Array.from({ length: WEBHOOK_EVENTS_MAX + 1 }, () => 'space.created') })).thenThrows(Invalid, /at most 100/);
      spec.given([]).when(create({ events: ['space.created', 'space.exploded'] })).thenThrows(Invalid, /unknown "space\.exploded"; known are "\*", change_request\.content_edited, .*…/);
    });

    it('refuses a description over 500 characters', () => spec.given([]).when(create({ description: 'x'.repeat(501) })).thenThrows(Invalid, /description/));

    it('refuses to create one twice', () => spec.given([created()]).when(create()).thenThrows(Conflict));
  });

  describe('update', () => {
    it('records only what changed, with its old values', () =>
      spec
        .given([created()])
        .when(update({ url: settings.url, events: ['space.created', 'space.deleted'], description: 'CI' }))
        .then([updated({ events: ['space.created', 'space.deleted'], description: 'CI' }, { events: ['space.created'], description: null })]));

    it('writes nothing when nothing changes (the same events in another order included)', () =>
      spec.given([created({ events: ['space.created', 'space.deleted'] })]).when(update({ events: ['space.deleted', 'space.created'], active: true })).then([]));

    it('re-activates a webhook the dispatcher disabled', () => spec.given([created(), disabled()]).when(update({ active: true })).then([updated({ active: true }, { active: false })]));

    it('rotates the secret, with or without other changes', () => {
      spec.given([created()]).when(update({}, sealed(2))).then([{ type: 'WebhookSecretRotated', data: { webhookId, organizationId, secret: sealed(2), rotatedAt: now } }]);
      spec
        .given([created()])
        .when(update({ active: false }, sealed(2)))
        .then([updated({ active: false }, { active: true }), { type: 'WebhookSecretRotated', data: { webhookId, organizationId, secret: sealed(2), rotatedAt: now } }]);
    });

    it('refuses unknown event names', () => spec.given([created()]).when(update({ events: ['nope'] })).thenThrows(Invalid, /unknown "nope"/));

    it('does not find a webhook through another organization', () => spec.given([created()]).when(update({ active: false }, undefined, 'o2')).thenThrows(NotFound));
  });

  describe('disable', () => {
    it('disables an active webhook, saying after how many failures', () => spec.given([created()]).when(disable(20)).then([disabled(20)]));

    it('writes nothing when it is inactive already', () => {
      spec.given([created(), disabled()]).when(disable()).then([]);
      spec.given([created({ active: false })]).when(disable()).then([]);
      spec.given([created(), updated({ active: false }, { active: true })]).when(disable()).then([]);
    });
  });

  describe('delete', () => {
    it('deletes', () => spec.given([created()]).when(remove()).then([deleted]));

    it('after which every command on it is not found', () => {
      for (const command of [remove(), update({ active: false }), update({}, sealed(2)), disable()]) spec.given([created(), deleted]).when(command).thenThrows(NotFound);
      spec.given([created(), deleted]).when(create()).thenThrows(Conflict);
    });

    it('finds nothing never created, nor through another organization', () => {
      spec.given([]).when(remove()).thenThrows(NotFound);
      spec.given([created()]).when(remove('o2')).thenThrows(NotFound);
    });
  });
});
