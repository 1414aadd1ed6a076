/**
 * A site's redirects: old paths of the published site sent elsewhere (a section, a site space, a page of
 * one, an outside URL). All of one site's redirects are one aggregate, so that a source is unique within
 * the site (once live, once as a draft) and their number is bounded; every event names the redirect, its
 * site and the site's organization, so the audit trail needs nothing else.
 */

/** Where a redirect sends a reader (the spec's SiteRedirectDestination). */
export type SiteRedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

/** What a redirect is made of; PATCH may change any of it. A type, not an interface: event data must be a plain record. */
export type SiteRedirectFields = {
  /** The path it answers (SiteRedirectSourcePath: a trailing `*` matches any rest). */
  source: string;
  /** A draft is kept and listed, never served. */
  draft: boolean;
  /** Append what the wildcard matched to the destination's URL. */
  captureWildcard: boolean;
  permanent: boolean;
  destination: SiteRedirectDestination;
};

type SiteRedirectRef = {
  siteRedirectId: string;
  siteId: string;
  organizationId: string;
};

export type SiteRedirectEvent =
  | { type: 'SiteRedirectCreated'; data: SiteRedirectRef & SiteRedirectFields & { createdBy: string; createdAt: string } }
  | {
      type: 'SiteRedirectChanged';
      data: SiteRedirectRef & { changes: Partial<SiteRedirectFields>; before: Partial<SiteRedirectFields>; changedAt: string };
    }
  | { type: 'SiteRedirectDeleted'; data: SiteRedirectRef & { source: string; draft: boolean; deletedBy: string; deletedAt: string } };

export const siteRedirectsStream = (siteId: string) => `siteRedirects-${siteId}`;
