/**
 * The audit trail of sites' share links, publishing aggregates that grant access to a site. Identity
 * records them from the log as it does sites: it names only the fields it reads of those events (never
 * renamed, by the house rules), so it needs nothing of the publishing context. The key never enters the
 * trail (it is the secret the link's URL carries); every action targets the link and names its site.
 */
interface ShareLinkData {
  shareLinkId: string;
  siteId: string;
  [field: string]: unknown;
}

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type Entry = { action: string; describe: (data: ShareLinkData) => Change };

const ENTRIES: Record<string, Entry> = {
  SiteShareLinkCreated: { action: 'site.share_link_created', describe: (d) => ({ before: null, after: { siteId: d.siteId, name: d.name, active: true } }) },
  SiteShareLinkChanged: {
    action: 'site.share_link_changed',
    describe: (d) => ({ before: { siteId: d.siteId, ...(d.before as object) }, after: { siteId: d.siteId, ...(d.changes as object) } }),
  },
  SiteShareLinkRevoked: { action: 'site.share_link_revoked', describe: (d) => ({ before: { siteId: d.siteId }, after: null }) },
};

/** The share-link event types the audit records, with their action names and what each changed. */
export const SHARE_LINK_AUDIT = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, { action, describe }]) => [
    type,
    { action, describe: (data: ShareLinkData) => ({ targetType: 'site-share-link', targetId: data.shareLinkId, ...describe(data) }) },
  ]),
);
