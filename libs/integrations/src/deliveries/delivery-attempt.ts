import { Inject, Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { FetchFailed } from '@folio/platform/fetch/url-fetch';
import { UrlFetcher } from '@folio/platform/fetch/url-fetcher';
import { webhookStream } from '../webhooks/webhook.events';
import { WebhookReads } from '../webhooks/webhook.reads';
import { signatureHeader } from './delivery-signature';
import { attemptOutcome, AttemptResult } from './retry-schedule';
import { webhookDeliveryDecider } from './webhook-delivery.decider';
import { AttemptOutcome, DeliveryAttempt, webhookDeliveryStream } from './webhook-delivery.events';
import { Subscription, subscriptionAt } from './webhook-subscription';

export const USER_AGENT = 'Folio-Webhooks/1';

/** What an attempt recorded, for the sender to act on (a failure may disable the webhook). */
export interface Attempted {
  webhookId: string;
  outcome: AttemptOutcome['result'];
}

/**
 * One attempt at one pending delivery: the webhook as it stands now (its URL, whether it is still active,
 * its secret), the body recorded with the delivery signed afresh (`t` is the time of sending), one POST
 * under the outbound address policy within WEBHOOK_TIMEOUT_S, and the attempt recorded with its verdict
 * (retry-schedule.ts). The attempt's number fences it: a second sender recording the same number is refused,
 * so a delivery acknowledged is never attempted again (a crash between the answer and its record is the one
 * case that sends twice: delivery is at least once). Null when there was nothing to attempt, or the attempt
 * was cut short by a shutdown (then nothing is recorded, and the delivery is attempted after the restart).
 */
@Injectable()
export class DeliveryAttempts {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly webhooks: WebhookReads,
    private readonly fetcher: UrlFetcher,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Pick<FolioConfig, 'webhooks'>,
  ) {}

  async attempt(deliveryId: string, cancel: AbortSignal, random: () => number = Math.random): Promise<Attempted | null> {
    const stream = webhookDeliveryStream(deliveryId);
    const { state } = await this.aggregates.load(stream, webhookDeliveryDecider);
    if (state.status !== 'pending') return null;
    const subscription = subscriptionAt(await this.events.readStream(webhookStream(state.webhookId)), null);
    let sent: Awaited<ReturnType<DeliveryAttempts['send']>>;
    try {
      sent = await this.send(subscription, deliveryId, state.eventType, state.body, cancel);
    } catch (error) {
      if (cancel.aborted) return null;
      throw error;
    }
    if (cancel.aborted) return null;
    const attempt = state.attempts + 1;
    const outcome = { ...sent.attempt, ...attemptOutcome(sent.result, attempt, this.config.webhooks, this.clock.now(), random) };
    try {
      await this.aggregates.handle(stream, webhookDeliveryDecider, { type: 'RecordAttempt', deliveryId, attempt, outcome }, systemCaller(deliveryId));
    } catch (error) {
      // Recorded by another sender meanwhile, or gone: this attempt is not the delivery's.
      if (error instanceof Conflict || error instanceof NotFound) return null;
      throw error;
    }
    return { webhookId: state.webhookId, outcome: outcome.result };
  }

  /** The POST, or why none was made. */
  private async send(subscription: Subscription | null, deliveryId: string, eventType: string, body: string, cancel: AbortSignal): Promise<{ attempt: DeliveryAttempt; result: AttemptResult }> {
    const started = this.clock.now();
    const at = started.toISOString();
    const refused = (error: string) => ({ attempt: { at, statusCode: null, error, durationMs: 0 }, result: { statusCode: null, refused: true } });
    if (!subscription) return refused('the webhook was deleted');
    if (!subscription.active) return refused('the webhook is disabled');
    const secret = await this.webhooks.secret({ id: subscription.webhookId, secret: subscription.secret });
    if (secret === null) return refused('the webhook\u2019s secret is erased');
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-gitbook-signature': signatureHeader(secret, body, Math.floor(started.getTime() / 1000)),
      'x-folio-event': eventType,
      'x-folio-delivery': deliveryId,
    };
    // Measured on the monotonic clock: a duration, not a time of day.
    const since = performance.now();
    const duration = () => Math.round(performance.now() - since);
    try {
      const answer = await this.fetcher.post(subscription.url, Buffer.from(body, 'utf8'), headers, this.config.webhooks.timeoutSeconds * 1000, cancel);
      const ok = answer.statusCode >= 200 && answer.statusCode <= 299;
      const retryAfter = answer.headers['retry-after'];
      return { attempt: { at, statusCode: answer.statusCode, error: ok ? null : `the receiver answered ${answer.statusCode}`, durationMs: duration() }, result: { statusCode: answer.statusCode, retryAfter } };
    } catch (error) {
      if (!(error instanceof FetchFailed)) throw error;
      return { attempt: { at, statusCode: null, error: error.message, durationMs: duration() }, result: { statusCode: null, refused: error.refused } };
    }
  }
}
