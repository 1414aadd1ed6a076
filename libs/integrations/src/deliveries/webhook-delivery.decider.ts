import { Decider } from '@folio/platform/domain/decider';
import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { AttemptOutcome, DeliveryAttempt, WebhookDeliveryEvent } from './webhook-delivery.events';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type WebhookDeliveryState =
  | { status: 'none' }
  | { status: DeliveryStatus; webhookId: string; organizationId: string; eventId: string; eventType: string; body: string; attempts: number };

export type WebhookDeliveryCommand =
  | { type: 'RecordDelivery'; deliveryId: string; webhookId: string; organizationId: string; eventId: string; eventType: string; body: string; now: string }
  | { type: 'RecordAttempt'; deliveryId: string; attempt: number; outcome: DeliveryAttempt & AttemptOutcome; now: string }
  | { type: 'Redeliver'; deliveryId: string; actor: string; now: string };

const STATUS_AFTER: Record<AttemptOutcome['result'], DeliveryStatus> = { succeeded: 'succeeded', retrying: 'pending', failed: 'failed' };

/**
 * A delivery's life: recorded once (a second recording, the dispatcher re-running after a crash, writes
 * nothing), attempted while pending, each attempt numbered so that a second sender recording the same
 * attempt is refused (its send is the one too many, and is not written as another), then succeeded or
 * failed for good, until an admin redelivers it.
 */
export const webhookDeliveryDecider: Decider<WebhookDeliveryCommand, WebhookDeliveryEvent, WebhookDeliveryState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'WebhookDeliveryRecorded': {
        const { webhookId, organizationId, eventId, eventType, body } = event.data;
        return { status: 'pending', webhookId, organizationId, eventId, eventType, body, attempts: 0 };
      }
      case 'WebhookDeliveryAttempted':
        return state.status === 'none' ? state : { ...state, status: STATUS_AFTER[event.data.result], attempts: event.data.attempt };
      case 'WebhookDeliveryRedelivered':
        return state.status === 'none' ? state : { ...state, status: 'pending', attempts: 0 };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordDelivery': {
        if (state.status !== 'none') return [];
        const { deliveryId, webhookId, organizationId, eventId, eventType, body, now } = command;
        return [{ type: 'WebhookDeliveryRecorded', data: { deliveryId, webhookId, organizationId, eventId, eventType, body, createdAt: now } }];
      }
      case 'RecordAttempt':
        if (state.status === 'none') throw new NotFound('delivery');
        if (state.status !== 'pending') throw new Conflict(`the delivery is ${state.status}, not pending`);
        if (command.attempt !== state.attempts + 1) throw new Conflict(`attempt ${command.attempt} is not the next one (${state.attempts + 1})`);
        return [{ type: 'WebhookDeliveryAttempted', data: { deliveryId: command.deliveryId, webhookId: state.webhookId, attempt: command.attempt, ...command.outcome } }];
      case 'Redeliver':
        if (state.status === 'none') throw new NotFound('delivery');
        if (state.status === 'pending') throw new Conflict('the delivery is pending already');
        return [{ type: 'WebhookDeliveryRedelivered', data: { deliveryId: command.deliveryId, webhookId: state.webhookId, redeliveredAt: command.now, redeliveredBy: command.actor } }];
    }
  },
};
