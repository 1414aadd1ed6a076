/**
 * The audit trail of docs sites, a publishing aggregate. Identity records it from the log, as it does
 * change requests and comments: it names only the fields it reads of those events (which are never
 * renamed, by the house rules), so it needs nothing of the publishing context. Every action targets the site.
 */
interface SiteData {
  siteId: string;
  [field: string]: unknown;
}

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type Entry = { action: string; describe: (data: SiteData) => Change };

/** A publication or a deletion: the action, actor and time say it all. */
const bare = (): Change => ({ before: null, after: null });

const ENTRIES: Record<string, Entry> = {
  SiteCreated: { action: 'site.created', describe: (d) => ({ before: null, after: { type: d.type, title: d.title, visibility: d.visibility } }) },
  SiteSettingsChanged: {
    action: 'site.settings_changed',
    describe: (d) => ({ before: d.before as Record<string, unknown>, after: d.changes as Record<string, unknown> }),
  },
  SitePublished: { action: 'site.published', describe: bare },
  SiteUnpublished: { action: 'site.unpublished', describe: bare },
  SiteDeleted: { action: 'site.deleted', describe: bare },
};

/** The site event types the audit records, with their action names and what each changed. */
export const SITE_AUDIT = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, { action, describe }]) => [
    type,
    { action, describe: (data: SiteData) => ({ targetType: 'site', targetId: data.siteId, ...describe(data) }) },
  ]),
);
