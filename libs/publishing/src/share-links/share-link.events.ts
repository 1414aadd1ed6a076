/**
 * A site's share link: a named secret key that lets whoever holds the URL read a site published with
 * `share-link` visibility. Each link is its own aggregate; every event names the link, its site and the
 * site's organization, so what reacts elsewhere (the audit trail) needs nothing else.
 */

/** A type, not an interface: event data must be a plain record. */
type ShareLinkRef = {
  shareLinkId: string;
  siteId: string;
  organizationId: string;
};

/** What PATCH may change. */
export type ShareLinkChanges = {
  name?: string;
  active?: boolean;
};

export type ShareLinkEvent =
  | {
      type: 'SiteShareLinkCreated';
      /** `key`: the secret the link's URL carries (base62, 142 random bits); a new link is active. */
      data: ShareLinkRef & { name: string; key: string; createdBy: string; createdAt: string };
    }
  | { type: 'SiteShareLinkChanged'; data: ShareLinkRef & { changes: ShareLinkChanges; before: ShareLinkChanges; changedAt: string } }
  /** Deleted: the key opens nothing from now on, and the link is gone. */
  | { type: 'SiteShareLinkRevoked'; data: ShareLinkRef & { revokedBy: string; revokedAt: string } };

export const shareLinkStream = (shareLinkId: string) => `siteShareLink-${shareLinkId}`;
