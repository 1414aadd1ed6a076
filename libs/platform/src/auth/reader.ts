/**
 * The bearer of a site token: the `apiToken` a resolved published URL answers, with which a renderer
 * reads that one site's published content and nothing else. Its fields come from the verified token;
 * what it may read is decided live on each request (the site still published, its share link still
 * active, the sections its claims open), never from a list fixed when the token was made.
 */
export interface Reader {
  siteId: string;
  organizationId: string;
  /** The visitor's claims from the visitor token given to the resolve; `{}` for an anonymous visitor. */
  claims: Record<string, unknown>;
  /** The share key the URL carried (a `share-link` site): the token opens the site only while it is active. */
  shareKey?: string;
  visitorType: 'human' | 'agent';
  /** Set when the resolve verified a visitor token: only such a reader opens a `visitor-auth` site. */
  authenticated?: true;
  /** The site space, section and space the URL resolved to (the spec's SiteAPIToken). */
  siteSpaceId: string;
  siteSectionId?: string;
  spaceId: string;
}

/**
 * The user id a reader's caller carries: never a user's (ids are base62), so a membership or grant
 * looked up for it finds nothing, and never `system`.
 */
export const readerUserId = (siteId: string) => `site-reader:${siteId}`;
