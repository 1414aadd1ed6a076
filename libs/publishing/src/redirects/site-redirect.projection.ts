import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { SiteEvent } from '../sites/site.events';
import { matchKey } from './site-redirect-source';
import { SiteRedirectDestination, SiteRedirectEvent, SiteRedirectFields } from './site-redirect.events';

export const SITE_REDIRECTS = 'siteRedirects';

/** One document per redirect, keyed by its id. */
export interface SiteRedirectDoc {
  id: string;
  siteId: string;
  organizationId: string;
  source: string;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  destination: SiteRedirectDestination;
  /** `matchKey(source)`: what a path is looked up by (`exact:/a`, `prefix:/a/`). */
  match: string;
  createdAt: string;
  /** Absent until the redirect is first changed (the spec's). */
  updatedAt?: string;
  /** `updatedAt`, else `createdAt`: the `updatedAt` order of the list. */
  touchedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

const withSource = (fields: Pick<SiteRedirectFields, 'source'>) => ({ source: fields.source, match: matchKey(fields.source) });

/**
 * The sites' redirects, from their sites' redirect streams. A deleted site takes its redirects with it.
 * Indexed for the list's three orders and for the lookup of a path, within a site's live or draft ones.
 */
export const siteRedirectProjection = defineProjection<SiteRedirectEvent | SiteEvent>(
  'publishing-site-redirects',
  [
    {
      name: SITE_REDIRECTS,
      indexes: [
        ['siteId', 'draft', 'createdAt'],
        ['siteId', 'draft', 'touchedAt'],
        ['siteId', 'draft', 'source'],
        ['siteId', 'draft', 'match'],
      ],
    },
  ],
  {
    SiteRedirectCreated: async ({ data, position }, tx) => {
      if (await tx.get(SITE_REDIRECTS, data.siteRedirectId)) return;
      const doc: SiteRedirectDoc = {
        id: data.siteRedirectId,
        siteId: data.siteId,
        organizationId: data.organizationId,
        ...withSource(data),
        draft: data.draft,
        captureWildcard: data.captureWildcard,
        permanent: data.permanent,
        destination: data.destination,
        createdAt: data.createdAt,
        touchedAt: data.createdAt,
        logPosition: position,
      };
      await tx.upsert(SITE_REDIRECTS, doc);
    },
    SiteRedirectChanged: async ({ data, position }, tx) => {
      const doc = await tx.get<SiteRedirectDoc>(SITE_REDIRECTS, data.siteRedirectId);
      if (!doc || comparePositions(position, doc.logPosition) <= 0) return;
      const { source, ...rest } = data.changes;
      await tx.upsert(SITE_REDIRECTS, {
        ...doc,
        ...rest,
        ...(source !== undefined ? withSource({ source }) : {}),
        updatedAt: data.changedAt,
        touchedAt: data.changedAt,
        logPosition: position,
      });
    },
    SiteRedirectDeleted: async ({ data }, tx) => tx.delete(SITE_REDIRECTS, data.siteRedirectId),
    SiteDeleted: async ({ data }, tx) => tx.deleteMany(SITE_REDIRECTS, { siteId: data.siteId }),
  },
);
