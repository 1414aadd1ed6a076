import { Inject, Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { EVENT_STORE, EventStore, StoredEvent } from '@folio/platform/event-store/event-store.port';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { EventViewer } from '../catalogue/webhook-event';
import { webhookStream } from '../webhooks/webhook.events';
import { DeliverySender } from './delivery-sender';
import { webhookDeliveryDecider } from './webhook-delivery.decider';
import { deliveryId } from './delivery-id';
import { webhookDeliveryStream } from './webhook-delivery.events';
import { DeliveryWebhookDoc, INTEGRATIONS_DELIVERY_WEBHOOKS } from './webhook-delivery.projection';
import { receives, subscriptionAt } from './webhook-subscription';

export const WEBHOOK_DISPATCHER = 'integrations-webhook-dispatcher';

/** The event types subscribers may receive, and how each is seen (the catalogue). */
export interface WebhookCatalogue {
  types: readonly string[];
  viewOf: EventViewer;
}

export const WEBHOOK_CATALOGUE = Symbol('WebhookCatalogue');

/** The JSON a receiver gets for one event (the same bytes on every attempt: it is recorded with the delivery). */
export function deliveryBody(event: StoredEvent, name: string, organizationId: string, data: Record<string, unknown>): string {
  return JSON.stringify({ id: event.eventId, type: name, createdAt: event.metadata.occurredAt, organizationId, data });
}

/**
 * The dispatcher: a process manager with its own checkpoint, reading the log in order. For each event the
 * catalogue shows subscribers, it records one delivery per webhook of the event's organization that was
 * active and subscribed to its name (or `*`) when the event happened: each webhook's stream is folded up to
 * the event's position, so the decision at a position depends on the log before it, never on a read model
 * that may have run ahead. A delivery's id derives from the webhook's and the event's, and its stream is
 * written only when new: a re-run from the checkpoint after a crash records nothing twice. The sender
 * (DeliverySender) is woken for each delivery recorded or redelivered.
 */
@Injectable()
export class WebhookDispatcher extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(WEBHOOK_CATALOGUE) private readonly catalogue: WebhookCatalogue,
    private readonly sender: DeliverySender,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    // A backlog of events after a long stop must not hold the API from listening.
    super(host, progress, WEBHOOK_DISPATCHER, 'background');
  }

  protected reactions() {
    const dispatch = (event: StoredEvent, caller: Caller) => this.dispatch(event, caller);
    return {
      ...Object.fromEntries(this.catalogue.types.map((type) => [type, dispatch])),
      // Waited for (LogReaction): by then the sender's list shows the delivery pending again.
      WebhookDeliveryRedelivered: async () => this.sender.wake(),
    };
  }

  /**
   * Records the event's deliveries (none when the catalogue hides it or no webhook receives it); false when
   * it recorded none, so that the runner spends no checkpoint write on the many events nobody receives.
   */
  async dispatch(event: StoredEvent, caller: Caller): Promise<boolean> {
    const view = this.catalogue.viewOf(event);
    if (!view) return false;
    const webhooks = await findEvery<DeliveryWebhookDoc>(this.reads, INTEGRATIONS_DELIVERY_WEBHOOKS, { organization: view.organizationId });
    let recorded = false;
    for (const { id: webhookId } of webhooks) {
      const subscription = subscriptionAt(await this.events.readStream(webhookStream(webhookId)), event.position);
      if (!subscription || !receives(subscription, view.name)) continue;
      const id = deliveryId(webhookId, event.eventId);
      const body = deliveryBody(event, view.name, view.organizationId, view.data);
      const command = { type: 'RecordDelivery' as const, deliveryId: id, webhookId, organizationId: view.organizationId, eventId: event.eventId, eventType: view.name, body };
      recorded = (await this.aggregates.handle(webhookDeliveryStream(id), webhookDeliveryDecider, command, caller)).events.length > 0 || recorded;
    }
    if (recorded) this.sender.wake();
    return recorded;
  }
}
