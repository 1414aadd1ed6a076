import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { webhookDeliveryDecider, WebhookDeliveryCommand } from './webhook-delivery.decider';
import { AttemptOutcome, WebhookDeliveryEvent } from './webhook-delivery.events';

const spec = deciderSpec(webhookDeliveryDecider);
const now = '2026-03-02T10:00:00.000Z';
const ids = { deliveryId: 'd1', webhookId: 'w1' };
const recorded: WebhookDeliveryEvent = {
  type: 'WebhookDeliveryRecorded',
  data: { ...ids, organizationId: 'o1', eventId: 'e1', eventType: 'space.created', body: '{"id":"e1"}', createdAt: now },
};
const record: WebhookDeliveryCommand = { type: 'RecordDelivery', ...ids, organizationId: 'o1', eventId: 'e1', eventType: 'space.created', body: '{"id":"e1"}', now };
const answer = (statusCode: number | null, outcome: AttemptOutcome) => ({ at: now, statusCode, error: statusCode === 200 ? null : 'no', durationMs: 5, ...outcome });
const retrying: AttemptOutcome = { result: 'retrying', nextAttemptAt: '2026-03-02T10:00:01.000Z' };
const attempt = (n: number, statusCode: number | null, outcome: AttemptOutcome): WebhookDeliveryCommand => ({ type: 'RecordAttempt', deliveryId: 'd1', attempt: n, outcome: answer(statusCode, outcome), now });
const attempted = (n: number, statusCode: number | null, outcome: AttemptOutcome): WebhookDeliveryEvent => ({ type: 'WebhookDeliveryAttempted', data: { ...ids, attempt: n, ...answer(statusCode, outcome) } });
const redeliver: WebhookDeliveryCommand = { type: 'Redeliver', deliveryId: 'd1', actor: 'u1', now };
const redelivered: WebhookDeliveryEvent = { type: 'WebhookDeliveryRedelivered', data: { ...ids, redeliveredAt: now, redeliveredBy: 'u1' } };

describe('webhook delivery decider', () => {
  it('records a delivery once: recording it again (a re-run after a crash) writes nothing', () => {
    spec.given([]).when(record).then([recorded]);
    spec.given([recorded]).when(record).then([]);
  });

  it('records the attempts of a pending delivery in order, each number once', () => {
    spec.given([recorded]).when(attempt(1, 500, retrying)).then([attempted(1, 500, retrying)]);
    spec.given([recorded, attempted(1, 500, retrying)]).when(attempt(2, 200, { result: 'succeeded' })).then([attempted(2, 200, { result: 'succeeded' })]);
    spec.given([recorded, attempted(1, 500, retrying)]).when(attempt(1, 503, retrying)).thenThrows(Conflict, /not the next one/);
    spec.given([recorded]).when(attempt(2, 500, retrying)).thenThrows(Conflict, /not the next one/);
  });

  it('never records an attempt at a delivery acknowledged or failed for good, nor at one that does not exist', () => {
    spec.given([recorded, attempted(1, 200, { result: 'succeeded' })]).when(attempt(2, 200, { result: 'succeeded' })).thenThrows(Conflict, /succeeded/);
    spec.given([recorded, attempted(1, 404, { result: 'failed' })]).when(attempt(2, 200, { result: 'succeeded' })).thenThrows(Conflict, /failed/);
    spec.given([]).when(attempt(1, 200, { result: 'succeeded' })).thenThrows(NotFound);
  });

  it('redelivers a delivery that succeeded or failed, as a new series from attempt 1', () => {
    spec.given([recorded, attempted(1, 200, { result: 'succeeded' })]).when(redeliver).then([redelivered]);
    spec.given([recorded, attempted(1, 410, { result: 'failed' })]).when(redeliver).then([redelivered]);
    spec.given([recorded, attempted(1, 410, { result: 'failed' }), redelivered]).when(attempt(1, 200, { result: 'succeeded' })).then([attempted(1, 200, { result: 'succeeded' })]);
  });

  it('refuses to redeliver a pending delivery (it is on its way) or an unknown one', () => {
    spec.given([recorded]).when(redeliver).thenThrows(Conflict, /pending/);
    spec.given([recorded, attempted(1, 500, retrying)]).when(redeliver).thenThrows(Conflict, /pending/);
    spec.given([]).when(redeliver).thenThrows(NotFound);
  });
});
