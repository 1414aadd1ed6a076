import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { initialState, VisitorAuthState } from './visitor-auth.decider';
import { VisitorAuthEvent } from './visitor-auth.events';

export const SITE_VISITOR_AUTH = 'siteVisitorAuth';

/** A site's visitor authentication, keyed by the site: absent until first changed (the defaults hold). */
export type SiteVisitorAuthDoc = VisitorAuthState & { id: string; organizationId: string; logPosition: string; [key: string]: unknown };

type Ref = { siteId: string; organizationId: string };

/** Applies an event once: its document (or the defaults), changed, with the event's position. */
async function apply(
  tx: ReadTransaction,
  { data, position }: { data: Ref; position: string },
  change: (doc: SiteVisitorAuthDoc) => SiteVisitorAuthDoc,
) {
  const doc = (await tx.get<SiteVisitorAuthDoc>(SITE_VISITOR_AUTH, data.siteId)) ?? { ...initialState, id: data.siteId, organizationId: data.organizationId, logPosition: '' };
  if (doc.logPosition !== '' && comparePositions(position, doc.logPosition) <= 0) return;
  await tx.upsert(SITE_VISITOR_AUTH, { ...change(doc), logPosition: position });
}

export const visitorAuthProjection = defineProjection<VisitorAuthEvent | { type: 'SiteDeleted'; data: Ref }>('publishing-visitor-auth', [{ name: SITE_VISITOR_AUTH, indexes: [] }], {
  SiteVisitorKeyRegenerated: async (event, tx) => apply(tx, event, (doc) => ({ ...doc, generation: event.data.generation })),
  SiteVisitorAuthChanged: async (event, tx) => apply(tx, event, (doc) => ({ ...doc, ...event.data.changes })),
  // The site's own event: its visitor authentication goes with it.
  SiteDeleted: async ({ data }, tx) => tx.delete(SITE_VISITOR_AUTH, data.siteId),
});
