import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { fold } from '@folio/platform/read-store/read-store.port';
import { SiteEvent } from '../sites/site.events';
import { ShareLinkEvent } from './share-link.events';

export const SHARE_LINKS = 'siteShareLinks';

/** One document per live share link (a revoked one is removed), keyed by its id. */
export interface ShareLinkDoc {
  id: string;
  siteId: string;
  organizationId: string;
  name: string;
  /** `fold(name)`: what the list's `search` matches a part of. */
  nameFolded: string;
  /** The secret of the link's URL; looked up on its own index when a visitor brings it. */
  key: string;
  active: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

/**
 * The sites' share links, from their streams. A deleted site takes its links with it (the site's own
 * event), so a key of a site that is gone opens nothing even before anyone asks for the site.
 */
export const shareLinkProjection = defineProjection<ShareLinkEvent | SiteEvent>(
  'publishing-share-links',
  [
    {
      name: SHARE_LINKS,
      indexes: [
        // A site's links, oldest first.
        ['siteId', 'createdAt'],
        // A visitor's key.
        ['key'],
      ],
    },
  ],
  {
    SiteShareLinkCreated: async ({ data, position }, tx) => {
      if (await tx.get(SHARE_LINKS, data.shareLinkId)) return;
      const doc: ShareLinkDoc = {
        id: data.shareLinkId,
        siteId: data.siteId,
        organizationId: data.organizationId,
        name: data.name,
        nameFolded: fold(data.name),
        key: data.key,
        active: true,
        createdBy: data.createdBy,
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
        logPosition: position,
      };
      await tx.upsert(SHARE_LINKS, doc);
    },
    SiteShareLinkChanged: async ({ data, position }, tx) => {
      const doc = await tx.get<ShareLinkDoc>(SHARE_LINKS, data.shareLinkId);
      if (!doc || comparePositions(position, doc.logPosition) <= 0) return;
      const { name, active } = data.changes;
      await tx.upsert(SHARE_LINKS, {
        ...doc,
        ...(name !== undefined ? { name, nameFolded: fold(name) } : {}),
        ...(active !== undefined ? { active } : {}),
        updatedAt: data.changedAt,
        logPosition: position,
      });
    },
    SiteShareLinkRevoked: async ({ data }, tx) => tx.delete(SHARE_LINKS, data.shareLinkId),
    SiteDeleted: async ({ data }, tx) => tx.deleteMany(SHARE_LINKS, { siteId: data.siteId }),
  },
);
