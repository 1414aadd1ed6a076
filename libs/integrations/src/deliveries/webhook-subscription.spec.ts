import { storedEvents } from '@folio/platform/testing/projection-spec';
import { WebhookEvent } from '../webhooks/webhook.events';
import { receives, subscriptionAt } from './webhook-subscription';

const sealed = { alg: 'A256GCM' as const, iv: 'aQ==', tag: 'dA==', data: 'ZA==' };
const ids = { webhookId: 'w1', organizationId: 'o1' };
const created: WebhookEvent = { type: 'WebhookCreated', data: { ...ids, url: 'https://a.example/', events: ['space.created'], description: null, active: true, secret: sealed, createdAt: 't', createdBy: 'u1' } };
const updated: WebhookEvent = { type: 'WebhookUpdated', data: { ...ids, changes: { events: ['*'], url: 'https://b.example/' }, before: { events: ['space.created'], url: 'https://a.example/' }, updatedAt: 't' } };
const disabled: WebhookEvent = { type: 'WebhookDisabled', data: { ...ids, failures: 20, disabledAt: 't' } };
const deleted: WebhookEvent = { type: 'WebhookDeleted', data: { ...ids, deletedAt: 't' } };
/** The webhook's stream at log positions 1, 2, 3, 4 (one event each). */
const stream = storedEvents([created, updated, disabled, deleted]);

describe('a webhook\u2019s subscription at a log position', () => {
  it('is the webhook as its events before the position left it', () => {
    expect(subscriptionAt(stream, '1')).toBeNull();
    expect(subscriptionAt(stream, '2')).toMatchObject({ url: 'https://a.example/', events: ['space.created'], active: true, secret: sealed });
    expect(subscriptionAt(stream, '3')).toMatchObject({ url: 'https://b.example/', events: ['*'], active: true });
    expect(subscriptionAt(stream, '4')).toMatchObject({ active: false });
    expect(subscriptionAt(stream, '5')).toBeNull();
    expect(subscriptionAt(stream.slice(0, 3), null)).toMatchObject({ active: false });
  });

  it('signs with the secret rotated last', () => {
    const rotatedSecret = { ...sealed, data: 'ZQ==' };
    const rotated: WebhookEvent = { type: 'WebhookSecretRotated', data: { ...ids, secret: rotatedSecret, rotatedAt: 't' } };
    expect(subscriptionAt(storedEvents([created, rotated]), null)?.secret).toEqual(rotatedSecret);
  });

  it('receives the names subscribed to, or every name with `*`, only while active', () => {
    const first = subscriptionAt(stream, '2')!;
    expect([receives(first, 'space.created'), receives(first, 'space.deleted')]).toEqual([true, false]);
    const all = subscriptionAt(stream, '3')!;
    expect([receives(all, 'space.created'), receives(all, 'comment.posted')]).toEqual([true, true]);
    expect(receives(subscriptionAt(stream, '4')!, 'space.created')).toBe(false);
  });
});
