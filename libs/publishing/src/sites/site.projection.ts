import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { fold, ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { DEFAULT_SETTINGS, SiteSpaceState } from './site-state';
import { SiteEvent, SiteSectionFields, SiteSectionGroupFields, SiteSettings, SiteType } from './site.events';

export const SITES = 'sites';
export const SITE_SPACES = 'siteSpaces';
export const SITE_SECTIONS = 'siteSections';
export const SITE_SECTION_GROUPS = 'siteSectionGroups';

/**
 * One document per live site (a deleted one is removed, with its site spaces), keyed by its id: its
 * settings as set (a default site space or section it names may since have gone; `siteTree` resolves them).
 */
export interface SiteDoc extends SiteSettings {
  id: string;
  organizationId: string;
  type: SiteType;
  /** `fold(title)`: the key of the case-insensitive title filter. */
  titleFolded: string;
  published: boolean;
  /** Live site spaces. */
  siteSpaces: number;
  /**
   * The distinct spaces its live site spaces show, sorted. Not a filter key: the read store's filters do
   * not match inside arrays alike on SQLite and MongoDB, so the `space` filter asks `SITE_SPACES` instead.
   */
  spaceIds: string[];
  /**
   * The ids of its parts: what a read of the whole structure asks the store for by id (answered from the
   * document cache), instead of finding them on an index and parsing them again.
   */
  siteSpaceIds: string[];
  sectionIds: string[];
  groupIds: string[];
  createdBy: string;
  createdAt: string;
  /** When the site's stream (its site spaces included) last changed. */
  updatedAt: string;
  /** Revision of the site's stream (site spaces included): its ETag. */
  streamRevision: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

/** One document per live site space, keyed by its id: what the decider holds of it, and its site. */
export interface SiteSpaceDoc extends SiteSpaceState {
  id: string;
  siteId: string;
  organizationId: string;
  addedAt: string;
  updatedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

/** A part of a live site's structure as a document, keyed by its id: its fields, its site, and the log position guard. */
type PartDoc<Fields> = Fields & {
  id: string;
  siteId: string;
  organizationId: string;
  addedAt: string;
  updatedAt: string;
  logPosition: string;
  [key: string]: unknown;
};

export type SiteSectionDoc = PartDoc<SiteSectionFields>;
export type SiteSectionGroupDoc = PartDoc<SiteSectionGroupFields>;

/** True when the document already holds the effect of the event at `position`. */
const applied = (doc: { logPosition: string }, position: string) => comparePositions(position, doc.logPosition) <= 0;

/**
 * Applies an event of the site's stream to the site once (missing, or already past the event, it is
 * left alone): `change`, then the stream's revision, the time and the position. Every event of the
 * stream comes through here, site-space ones included, so the ETag moves with each.
 */
async function updateSite(
  tx: ReadTransaction,
  { data, revision, position }: { data: { siteId: string }; revision: bigint; position: string },
  at: string,
  change: (doc: SiteDoc) => void | Promise<void>,
) {
  const doc = await tx.get<SiteDoc>(SITES, data.siteId);
  if (!doc || applied(doc, position)) return;
  await change(doc);
  await tx.upsert(SITES, { ...doc, updatedAt: at, streamRevision: String(revision), logPosition: position });
}

/**
 * Counts the site's live site spaces and their spaces again, from the site spaces themselves (written
 * first): a recomputation, so it holds however often it runs. A site has tens of them, on an index.
 */
async function recount(tx: ReadTransaction, doc: SiteDoc) {
  const siteSpaces = await tx.findAll<SiteSpaceDoc>(SITE_SPACES, { siteId: doc.id });
  doc.siteSpaces = siteSpaces.length;
  doc.spaceIds = [...new Set(siteSpaces.map((s) => s.spaceId))].sort();
  doc.siteSpaceIds = siteSpaces.map((s) => s.id).sort();
}

/** `list` with `id` (once) or without it. */
const withId = (list: string[], id: string, present: boolean) => (present ? [...new Set([...list, id])].sort() : list.filter((x) => x !== id));

/**
 * The docs sites' read models: the sites and their site spaces, from the one stream per site. Every
 * document carries the log position of the last event applied and ignores events at or before it.
 */
export const siteProjection = defineProjection<SiteEvent>(
  'publishing-sites',
  [
    {
      name: SITES,
      indexes: [
        ['organizationId', 'createdAt'],
        ['organizationId', 'published', 'createdAt'],
        ['organizationId', 'type', 'createdAt'],
      ],
    },
    {
      name: SITE_SPACES,
      indexes: [
        ['siteId', 'position'],
        ['siteId', 'sectionId', 'position'],
        // The sites list's `space` filter, and what reacts to a space's purge.
        ['spaceId'],
      ],
    },
    { name: SITE_SECTIONS, indexes: [['siteId', 'position']] },
    { name: SITE_SECTION_GROUPS, indexes: [['siteId', 'position']] },
  ],
  {
    SiteCreated: async ({ data, revision, position }, tx) => {
      if (await tx.get(SITES, data.siteId)) return;
      const doc: SiteDoc = {
        id: data.siteId,
        organizationId: data.organizationId,
        type: data.type,
        title: data.title,
        titleFolded: fold(data.title),
        visibility: data.visibility,
        ...DEFAULT_SETTINGS,
        published: false,
        siteSpaces: 0,
        spaceIds: [],
        siteSpaceIds: [],
        sectionIds: [],
        groupIds: [],
        createdBy: data.createdBy,
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
        streamRevision: String(revision),
        logPosition: position,
      };
      await tx.upsert(SITES, doc);
    },
    SiteSettingsChanged: async (event, tx) =>
      updateSite(tx, event, event.data.changedAt, (doc) => {
        Object.assign(doc, event.data.changes);
        if (event.data.changes.title !== undefined) doc.titleFolded = fold(event.data.changes.title);
      }),
    SitePublished: async (event, tx) =>
      updateSite(tx, event, event.data.publishedAt, (doc) => {
        doc.published = true;
      }),
    SiteUnpublished: async (event, tx) =>
      updateSite(tx, event, event.data.unpublishedAt, (doc) => {
        doc.published = false;
      }),
    SiteDeleted: async ({ data }, tx) => {
      for (const collection of [SITE_SPACES, SITE_SECTIONS, SITE_SECTION_GROUPS]) await tx.deleteMany(collection, { siteId: data.siteId });
      await tx.delete(SITES, data.siteId);
    },
    SiteSpaceAdded: async (event, tx) => {
      const { data, position } = event;
      // A site the model no longer holds (deleted since: a replay) has nothing to add to.
      if (!(await tx.get(SITES, data.siteId))) return;
      if (!(await tx.get(SITE_SPACES, data.siteSpaceId))) {
        const doc: SiteSpaceDoc = {
          id: data.siteSpaceId,
          siteId: data.siteId,
          organizationId: data.organizationId,
          spaceId: data.spaceId,
          sectionId: data.sectionId,
          path: data.path,
          position: data.position,
          condition: null,
          hidden: false,
          draft: data.draft ?? false,
          addedAt: data.addedAt,
          updatedAt: data.addedAt,
          logPosition: position,
        };
        await tx.upsert(SITE_SPACES, doc);
      }
      await updateSite(tx, event, data.addedAt, (site) => recount(tx, site));
    },
    SiteSpaceChanged: async (event, tx) => {
      const { data, position } = event;
      const doc = await tx.get<SiteSpaceDoc>(SITE_SPACES, data.siteSpaceId);
      if (doc && doc.siteId === data.siteId && !applied(doc, position)) {
        await tx.upsert(SITE_SPACES, { ...doc, ...data.changes, updatedAt: data.changedAt, logPosition: position });
      }
      await updateSite(tx, event, data.changedAt, (site) => recount(tx, site));
    },
    SiteSpaceRemoved: async (event, tx) => {
      const doc = await tx.get<SiteSpaceDoc>(SITE_SPACES, event.data.siteSpaceId);
      if (doc && doc.siteId === event.data.siteId) await tx.delete(SITE_SPACES, doc.id);
      await updateSite(tx, event, event.data.removedAt, (site) => recount(tx, site));
    },
    SiteSectionAdded: async (event, tx) => {
      const { data, position } = event;
      if (!(await tx.get(SITES, data.siteId))) return;
      const { sectionId, addedAt, ...fields } = data;
      if (!(await tx.get(SITE_SECTIONS, sectionId))) {
        await tx.upsert(SITE_SECTIONS, { ...fields, draft: fields.draft ?? false, id: sectionId, addedAt, updatedAt: addedAt, logPosition: position } satisfies SiteSectionDoc);
      }
      await updateSite(tx, event, addedAt, (site) => {
        site.sectionIds = withId(site.sectionIds, sectionId, true);
      });
    },
    SiteSectionChanged: async (event, tx) => {
      await changePart<SiteSectionDoc>(tx, SITE_SECTIONS, event.data.sectionId, event);
      await updateSite(tx, event, event.data.changedAt, () => undefined);
    },
    SiteSectionRemoved: async (event, tx) => {
      const { data } = event;
      const doc = await tx.get<SiteSectionDoc>(SITE_SECTIONS, data.sectionId);
      if (doc && doc.siteId === data.siteId) await tx.delete(SITE_SECTIONS, doc.id);
      for (const id of data.siteSpaceIds) {
        const siteSpace = await tx.get<SiteSpaceDoc>(SITE_SPACES, id);
        if (siteSpace && siteSpace.siteId === data.siteId) await tx.delete(SITE_SPACES, id);
      }
      await updateSite(tx, event, data.removedAt, async (site) => {
        site.sectionIds = withId(site.sectionIds, data.sectionId, false);
        await recount(tx, site);
      });
    },
    // A duplication's steps change no document, but they are revisions of the site's stream: its ETag moves.
    SiteSpaceDuplicationStarted: async (event, tx) => updateSite(tx, event, event.data.startedAt, () => undefined),
    SiteSpaceDuplicationAbandoned: async (event, tx) => updateSite(tx, event, event.data.abandonedAt, () => undefined),
    SiteSectionGroupAdded: async (event, tx) => {
      const { data, position } = event;
      if (!(await tx.get(SITES, data.siteId))) return;
      const { groupId, addedAt, ...fields } = data;
      if (!(await tx.get(SITE_SECTION_GROUPS, groupId))) {
        await tx.upsert(SITE_SECTION_GROUPS, { ...fields, id: groupId, addedAt, updatedAt: addedAt, logPosition: position } satisfies SiteSectionGroupDoc);
      }
      await updateSite(tx, event, addedAt, (site) => {
        site.groupIds = withId(site.groupIds, groupId, true);
      });
    },
    SiteSectionGroupChanged: async (event, tx) => {
      await changePart<SiteSectionGroupDoc>(tx, SITE_SECTION_GROUPS, event.data.groupId, event);
      await updateSite(tx, event, event.data.changedAt, () => undefined);
    },
    SiteSectionGroupRemoved: async (event, tx) => {
      const doc = await tx.get<SiteSectionGroupDoc>(SITE_SECTION_GROUPS, event.data.groupId);
      if (doc && doc.siteId === event.data.siteId) await tx.delete(SITE_SECTION_GROUPS, doc.id);
      await updateSite(tx, event, event.data.removedAt, (site) => {
        site.groupIds = withId(site.groupIds, event.data.groupId, false);
      });
    },
  },
);

/** A section's or group's change, applied once, to a document of the event's site. */
async function changePart<T extends { id: string; siteId: string; logPosition: string; [key: string]: unknown }>(
  tx: ReadTransaction,
  collection: string,
  id: string,
  { data, position }: { data: { siteId: string; changes: object; changedAt: string }; position: string },
) {
  const doc = await tx.get<T>(collection, id);
  if (doc && doc.siteId === data.siteId && !applied(doc, position)) {
    await tx.upsert(collection, { ...doc, ...data.changes, updatedAt: data.changedAt, logPosition: position });
  }
}
