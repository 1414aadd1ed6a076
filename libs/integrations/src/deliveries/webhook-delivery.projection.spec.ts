import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { WebhookEvent, webhookStream } from '../webhooks/webhook.events';
import { AttemptOutcome, WebhookDeliveryEvent, webhookDeliveryStream } from './webhook-delivery.events';
import { INTEGRATIONS_DELIVERIES, INTEGRATIONS_DELIVERY_WEBHOOKS, webhookDeliveryProjection } from './webhook-delivery.projection';

type Event = WebhookDeliveryEvent | WebhookEvent;
const spec = projectionSpec<Event>(webhookDeliveryProjection, {
  stream: (e) => ('deliveryId' in e.data ? webhookDeliveryStream(e.data.deliveryId) : webhookStream(e.data.webhookId)),
});
const t = (s: number) => `2026-03-02T10:00:${String(s).padStart(2, '0')}.000Z`;
const sealed = { alg: 'A256GCM' as const, iv: 'aQ==', tag: 'dA==', data: 'ZA==' };
const created = (webhookId: string): Event => ({
  type: 'WebhookCreated',
  data: { webhookId, organizationId: 'o1', url: 'https://hooks.example.com/', events: ['*'], description: null, active: true, secret: sealed, createdAt: t(0), createdBy: 'u1' },
});
const recorded = (deliveryId: string, webhookId = 'w1', s = 1): Event => ({
  type: 'WebhookDeliveryRecorded',
  data: { deliveryId, webhookId, organizationId: 'o1', eventId: `e-${deliveryId}`, eventType: 'space.created', body: '{}', createdAt: t(s) },
});
const attempted = (deliveryId: string, attempt: number, statusCode: number | null, outcome: AttemptOutcome, webhookId = 'w1'): Event => ({
  type: 'WebhookDeliveryAttempted',
  data: { deliveryId, webhookId, attempt, at: t(10 + attempt), statusCode, error: statusCode === 200 ? null : 'the receiver answered', durationMs: 3, ...outcome },
});
const retrying: AttemptOutcome = { result: 'retrying', nextAttemptAt: t(30) };
const failed: AttemptOutcome = { result: 'failed' };
const attemptOf = (n: number, statusCode: number | null) => ({ at: t(10 + n), statusCode, error: statusCode === 200 ? null : 'the receiver answered', durationMs: 3 });

describe('webhook delivery projection', () => {
  it('shows a delivery pending, retrying, then acknowledged, with each attempt and the last code', () =>
    spec.given([created('w1'), recorded('d1'), attempted('d1', 1, 500, retrying), attempted('d1', 2, 200, { result: 'succeeded' })]).thenDocument(INTEGRATIONS_DELIVERIES, 'd1', {
      id: 'd1',
      webhookId: 'w1',
      organization: 'o1',
      event: { id: 'e-d1', type: 'space.created' },
      status: 'succeeded',
      attempts: [attemptOf(1, 500), attemptOf(2, 200)],
      attemptCount: 2,
      responseCode: 200,
      nextAttemptAt: null,
      createdAt: t(1),
    }));

  it('keeps a retrying delivery pending until its next attempt, and starts a fresh series on redelivery', async () => {
    await spec.given([created('w1'), recorded('d1'), attempted('d1', 1, null, retrying)]).thenDocument(INTEGRATIONS_DELIVERIES, 'd1', expect.objectContaining({ status: 'pending', nextAttemptAt: t(30), responseCode: null, attemptCount: 1 }));
    const redelivered: Event = { type: 'WebhookDeliveryRedelivered', data: { deliveryId: 'd1', webhookId: 'w1', redeliveredAt: t(40), redeliveredBy: 'u1' } };
    await spec
      .given([created('w1'), recorded('d1'), attempted('d1', 1, 404, failed), redelivered])
      .thenDocument(INTEGRATIONS_DELIVERIES, 'd1', expect.objectContaining({ status: 'pending', attempts: [], attemptCount: 0, responseCode: null, nextAttemptAt: t(40) }));
  });

  it('counts the webhook\u2019s deliveries failed in a row; a success or enabling it again starts over', async () => {
    const failures = (...failed: string[]) => ({ id: 'w1', organization: 'o1', failed });
    const twoFailed = [created('w1'), recorded('d1'), attempted('d1', 1, 404, failed), recorded('d2', 'w1', 2), attempted('d2', 1, 500, retrying), attempted('d2', 2, 500, failed)];
    await spec.given(twoFailed).then(INTEGRATIONS_DELIVERY_WEBHOOKS, [failures(`d1@${t(11)}`, `d2@${t(12)}`)]);
    await spec.given([...twoFailed, recorded('d3', 'w1', 3), attempted('d3', 1, 200, { result: 'succeeded' })]).then(INTEGRATIONS_DELIVERY_WEBHOOKS, [failures()]);
    const enabled: Event = { type: 'WebhookUpdated', data: { webhookId: 'w1', organizationId: 'o1', changes: { active: true }, before: { active: false }, updatedAt: t(50) } };
    await spec.given([...twoFailed, enabled]).then(INTEGRATIONS_DELIVERY_WEBHOOKS, [failures()]);
  });

  it('drops a deleted webhook\u2019s deliveries, and a delivery recorded after its webhook was deleted', () =>
    spec
      .given([created('w1'), created('w2'), recorded('d1'), recorded('d2', 'w2'), { type: 'WebhookDeleted', data: { webhookId: 'w1', organizationId: 'o1', deletedAt: t(5) } }, recorded('d3', 'w1', 6)])
      .then(INTEGRATIONS_DELIVERIES, [expect.objectContaining({ id: 'd2', webhookId: 'w2' })]));

  it('is idempotent and rebuilds identically', async () => {
    const log = [created('w1'), recorded('d1'), attempted('d1', 1, 500, retrying), attempted('d1', 2, 200, { result: 'succeeded' }), recorded('d2', 'w1', 2), attempted('d2', 1, 410, failed)];
    await spec.given(log).thenIdempotent();
    await spec.given(log).thenRebuildsIdentically();
  });
});
