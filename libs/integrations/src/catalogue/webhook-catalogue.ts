import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { CatalogueEntry } from './catalogue-entry';
import { CHANGE_REQUEST_EVENTS } from './change-request-events';
import { COMMENT_EVENTS } from './comment-events';
import { MEMBER_EVENTS } from './member-events';
import { OPENAPI_SPEC_EVENTS } from './openapi-spec-events';
import { SITE_EVENTS } from './site-events';
import { SPACE_EVENTS } from './space-events';
import { TRANSLATION_EVENTS } from './translation-events';
import { EventViewer, WebhookEventView } from './webhook-event';

/** Subscribes a webhook to every name, today's and those added later. */
export const ALL_EVENTS = '*';

const ENTRIES: ReadonlyMap<string, CatalogueEntry> = new Map(
  [SPACE_EVENTS, CHANGE_REQUEST_EVENTS, COMMENT_EVENTS, SITE_EVENTS, MEMBER_EVENTS, OPENAPI_SPEC_EVENTS, TRANSLATION_EVENTS].flatMap((table) => [...table]),
);

/** Every stable dotted name a webhook may subscribe to, sorted (for validation and the docs). */
export const WEBHOOK_EVENT_NAMES: readonly string[] = [...ENTRIES.values()].map((entry) => entry.name).sort();

/** The stored event types subscribers may see: what the dispatcher reads of the log. */
export const VIEWED_EVENT_TYPES: readonly string[] = [...ENTRIES.keys()].sort();

/**
 * Each viewed stored type's viewer. An event whose `organizationId` is not a string belongs to no
 * organization's webhooks and is seen by none.
 */
export const EVENT_VIEWERS: ReadonlyMap<string, EventViewer> = new Map(
  [...ENTRIES].map(([type, { name, view }]) => [
    type,
    (event: StoredEvent): WebhookEventView | null => {
      const organizationId = event.data.organizationId;
      if (typeof organizationId !== 'string') return null;
      const data = view(event.data);
      return data && { name, organizationId, data };
    },
  ]),
);

/** What subscribers receive of a stored event, or null when it is none of theirs. */
export function viewOf(event: StoredEvent): WebhookEventView | null {
  return EVENT_VIEWERS.get(event.type)?.(event) ?? null;
}

const KNOWN = new Set(WEBHOOK_EVENT_NAMES);

/** Whether a webhook subscribed to `events` receives an event named `name`. */
export function subscribes(events: readonly string[], name: string): boolean {
  return events.includes(ALL_EVENTS) || events.includes(name);
}

/** The names in `events` that are neither in the catalogue nor `*`. */
export function unknownEventNames(events: readonly string[]): string[] {
  return events.filter((name) => name !== ALL_EVENTS && !KNOWN.has(name));
}
