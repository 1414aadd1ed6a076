import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { unknownEventNames, WEBHOOK_EVENT_NAMES } from '../catalogue/webhook-catalogue';
import { WebhookEvent, WebhookSettings } from './webhook.events';

/** Names one webhook may subscribe to; the catalogue holds fewer, `*` takes them all. */
export const WEBHOOK_EVENTS_MAX = 100;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Known names listed in the 400 for an unknown one, before "…". */
const NAMES_SHOWN = 20;

export type WebhookState =
  | { status: 'none' }
  | {
      status: 'live' | 'deleted';
      webhookId: string;
      organizationId: string;
      settings: WebhookSettings;
    };

/**
 * Commands name the organization they come through: a webhook is found only inside its own organization,
 * so an id from another one is as unknown as a made-up one. Secrets come sealed: the handler seals them
 * (I/O), the decider only records them.
 */
export type WebhookCommand =
  | { type: 'CreateWebhook'; webhookId: string; organizationId: string; settings: WebhookSettings; secret: Sealed; createdBy: string; now: string }
  | { type: 'UpdateWebhook'; organizationId: string; changes: Partial<WebhookSettings>; rotatedSecret?: Sealed; now: string }
  /** The dispatcher's, after `failures` failed deliveries in a row. */
  | { type: 'DisableWebhook'; organizationId: string; failures: number; now: string }
  | { type: 'DeleteWebhook'; organizationId: string; now: string };

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'WebhookCreated') {
      const { url, events, description, active, webhookId, organizationId } = event.data;
      return { status: 'live', webhookId, organizationId, settings: { url, events, description, active } };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'WebhookUpdated':
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'WebhookDisabled':
        return { ...state, settings: { ...state.settings, active: false } };
      case 'WebhookSecretRotated':
        return state;
      case 'WebhookDeleted':
        return { ...state, status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateWebhook') {
      if (state.status !== 'none') throw new Conflict('webhook already exists');
      const { webhookId, organizationId, settings, secret, createdBy, now } = command;
      return [{ type: 'WebhookCreated', data: { webhookId, organizationId, ...validSettings(settings), secret, createdAt: now, createdBy } }];
    }
    if (state.status !== 'live' || state.organizationId !== command.organizationId) throw new NotFound('webhook');
    const { webhookId, organizationId } = state;
    switch (command.type) {
      case 'UpdateWebhook': {
        const wanted = validSettings(command.changes);
        const changes: Partial<WebhookSettings> = {};
        const before: Partial<WebhookSettings> = {};
        for (const key of ['url', 'events', 'description', 'active'] as const) {
          const value = wanted[key];
          if (value === undefined || same(value, state.settings[key])) continue;
          Object.assign(changes, { [key]: value });
          Object.assign(before, { [key]: state.settings[key] });
        }
        const events: WebhookEvent[] = [];
        if (Object.keys(changes).length > 0) events.push({ type: 'WebhookUpdated', data: { webhookId, organizationId, changes, before, updatedAt: command.now } });
        if (command.rotatedSecret) events.push({ type: 'WebhookSecretRotated', data: { webhookId, organizationId, secret: command.rotatedSecret, rotatedAt: command.now } });
        return events;
      }
      case 'DisableWebhook':
        // Already inactive (its admin, or an earlier run of failures, disabled it): nothing more to say.
        if (!state.settings.active) return [];
        return [{ type: 'WebhookDisabled', data: { webhookId, organizationId, failures: command.failures, disabledAt: command.now } }];
      case 'DeleteWebhook':
        return [{ type: 'WebhookDeleted', data: { webhookId, organizationId, deletedAt: command.now } }];
    }
  },
};

/**
 * Settings (all, or the changes asked for) as a webhook holds them, or Invalid: the events checked and
 * put in their canonical form, the description's length checked. The URL is the handler's to check,
 * under the deployment's address policy.
 */
export function validSettings<T extends Partial<WebhookSettings>>(settings: T): T {
  if (settings.description !== undefined) assertDescription(settings.description);
  return settings.events === undefined ? settings : { ...settings, events: subscribedEvents(settings.events) };
}

/**
 * The events a webhook subscribes to, checked and in one canonical form (unique, sorted), so that the
 * same list in another order changes nothing. Unknown names are refused with the known ones listed.
 */
export function subscribedEvents(events: readonly string[]): string[] {
  if (events.length === 0) throw new Invalid('events: subscribe to at least one event, or to "*" for every one');
  if (events.length > WEBHOOK_EVENTS_MAX) throw new Invalid(`events: at most ${WEBHOOK_EVENTS_MAX} names`);
  const unknown = unknownEventNames(events);
  if (unknown.length > 0) {
    const shown = WEBHOOK_EVENT_NAMES.slice(0, NAMES_SHOWN).join(', ');
    const more = WEBHOOK_EVENT_NAMES.length > NAMES_SHOWN ? `, … (${WEBHOOK_EVENT_NAMES.length} in all)` : '';
    throw new Invalid(`events: unknown ${unknown.slice(0, 3).map((name) => JSON.stringify(name)).join(', ')}; known are "*", ${shown}${more}`);
  }
  return [...new Set(events)].sort();
}

function assertDescription(description: string | null) {
  if (description !== null && [...description].length > WEBHOOK_DESCRIPTION_MAX) {
    throw new Invalid(`description: at most ${WEBHOOK_DESCRIPTION_MAX} characters`);
  }
}

/** Settings values are strings, booleans, null or lists of names. */
function same(a: WebhookSettings[keyof WebhookSettings], b: WebhookSettings[keyof WebhookSettings]): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
}
