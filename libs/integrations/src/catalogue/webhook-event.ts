import { StoredEvent } from '@folio/platform/event-store/event-store.port';

/**
 * What a subscriber receives of one stored event: its stable dotted name (`space.created`,
 * `change_request.merged`, …, never renamed once shipped), the organization it belongs to (whose webhooks
 * may receive it) and its data as the subscriber sees it (ids and the fields that changed; never a
 * sealed value, a secret or a content object).
 */
export interface WebhookEventView {
  name: string;
  organizationId: string;
  data: Record<string, unknown>;
}

/** One stored event type's view: null for an event of that type a subscriber does not see. */
export type EventViewer = (event: StoredEvent) => WebhookEventView | null;
