/**
 * The audit trail of sites' redirects, a publishing aggregate that changes where a published site sends
 * its readers. Identity records them from the log as it does sites: it names only the fields it reads of
 * those events (never renamed, by the house rules), so it needs nothing of the publishing context. Every
 * action targets the redirect and names its site.
 */
interface SiteRedirectData {
  siteRedirectId: string;
  siteId: string;
  [field: string]: unknown;
}

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type Entry = { action: string; describe: (data: SiteRedirectData) => Change };

const ENTRIES: Record<string, Entry> = {
  SiteRedirectCreated: {
    action: 'site.redirect_created',
    describe: (d) => ({ before: null, after: { siteId: d.siteId, source: d.source, draft: d.draft, captureWildcard: d.captureWildcard, permanent: d.permanent, destination: d.destination } }),
  },
  SiteRedirectChanged: {
    action: 'site.redirect_changed',
    describe: (d) => ({ before: { siteId: d.siteId, ...(d.before as object) }, after: { siteId: d.siteId, ...(d.changes as object) } }),
  },
  SiteRedirectDeleted: { action: 'site.redirect_deleted', describe: (d) => ({ before: { siteId: d.siteId, source: d.source, draft: d.draft }, after: null }) },
};

/** The site-redirect event types the audit records, with their action names and what each changed. */
export const SITE_REDIRECT_AUDIT = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, { action, describe }]) => [
    type,
    { action, describe: (data: SiteRedirectData) => ({ targetType: 'site-redirect', targetId: data.siteRedirectId, ...describe(data) }) },
  ]),
);
