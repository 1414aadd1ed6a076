import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { SiteEvent } from '../sites/site.events';

export const SITE_ADDRESSES = 'siteAddresses';

/**
 * The addresses URLs name sites by, for resolving a URL: one `site` document per live site (its creation,
 * the log position guard), one `basename` document per basename a site holds or has held (case-folded,
 * `current` while it holds it, `leftAt` the position it let it go), and one `hostname` document per
 * custom hostname held. A deleted site's documents go with it.
 */
export type SiteAddressDoc =
  | { kind: 'site'; id: string; siteId: string; organizationId: string; createdAt: string; logPosition: string; [key: string]: unknown }
  | {
      kind: 'basename';
      id: string;
      siteId: string;
      organizationId: string;
      /** Case-folded: `Docs` and `docs` are one basename (their reservations are one stream). */
      basename: string;
      current: boolean;
      /** The site's creation: of sites holding one basename (older data), the oldest is served. */
      siteCreatedAt: string;
      /** Where it was let go (null while current): of former holders, the last to leave redirects. */
      leftAt: string | null;
      [key: string]: unknown;
    }
  | { kind: 'hostname'; id: string; siteId: string; organizationId: string; hostname: string; [key: string]: unknown };

export type BasenameDoc = Extract<SiteAddressDoc, { kind: 'basename' }>;

const siteKey = (siteId: string) => `site:${siteId}`;
const basenameKey = (siteId: string, basename: string) => `basename:${siteId}:${basename}`;
const hostnameKey = (siteId: string) => `hostname:${siteId}`;
export const foldBasename = (basename: string) => basename.toLowerCase();

async function addressesOf(tx: ReadTransaction, siteId: string) {
  return tx.findAll<SiteAddressDoc>(SITE_ADDRESSES, { siteId });
}

export const siteAddressProjection = defineProjection<SiteEvent>(
  'publishing-site-addresses',
  [
    {
      name: SITE_ADDRESSES,
      indexes: [['organizationId', 'basename'], ['hostname'], ['siteId']],
    },
  ],
  {
    SiteCreated: async ({ data, position }, tx) => {
      if (await tx.get(SITE_ADDRESSES, siteKey(data.siteId))) return;
      await tx.upsert(SITE_ADDRESSES, { kind: 'site', id: siteKey(data.siteId), siteId: data.siteId, organizationId: data.organizationId, createdAt: data.createdAt, logPosition: position });
    },
    SiteSettingsChanged: async ({ data, position }, tx) => {
      const { basename, hostname } = data.changes;
      const site = await tx.get<Extract<SiteAddressDoc, { kind: 'site' }>>(SITE_ADDRESSES, siteKey(data.siteId));
      if (!site || comparePositions(position, site.logPosition) <= 0 || (basename === undefined && hostname === undefined)) return;
      const held = await addressesOf(tx, data.siteId);
      const ref = { siteId: data.siteId, organizationId: data.organizationId };
      if (basename !== undefined) {
        for (const doc of held) if (doc.kind === 'basename' && doc.current) await tx.upsert(SITE_ADDRESSES, { ...doc, current: false, leftAt: position });
        if (basename !== null) {
          const folded = foldBasename(basename);
          await tx.upsert(SITE_ADDRESSES, { kind: 'basename', id: basenameKey(data.siteId, folded), ...ref, basename: folded, current: true, siteCreatedAt: site.createdAt, leftAt: null });
        }
      }
      if (hostname !== undefined) {
        await tx.delete(SITE_ADDRESSES, hostnameKey(data.siteId));
        if (hostname !== null) await tx.upsert(SITE_ADDRESSES, { kind: 'hostname', id: hostnameKey(data.siteId), ...ref, hostname });
      }
      await tx.upsert(SITE_ADDRESSES, { ...site, logPosition: position });
    },
    SiteDeleted: async ({ data }, tx) => {
      for (const doc of await addressesOf(tx, data.siteId)) await tx.delete(SITE_ADDRESSES, doc.id);
    },
  },
);
