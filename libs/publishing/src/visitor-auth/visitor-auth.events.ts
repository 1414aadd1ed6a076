/**
 * A site's visitor authentication: how a `visitor-auth` site's own backend proves its visitors. The key
 * it signs their tokens with is derived from the server secret and a generation (visitor-key.ts), so no
 * event ever holds it; regenerating moves the generation, and every token signed with the old key fails.
 */

export const VISITOR_AUTH_BACKENDS = ['custom', 'integration'] as const;
export type VisitorAuthBackend = (typeof VISITOR_AUTH_BACKENDS)[number];

/** What PATCH may change; `null` removes a URL. */
export type VisitorAuthSettings = {
  backend: VisitorAuthBackend;
  fallbackURL: string | null;
  logoutURL: string | null;
};

type SiteRef = { siteId: string; organizationId: string };

export type VisitorAuthEvent =
  | { type: 'SiteVisitorKeyRegenerated'; data: SiteRef & { generation: number; regeneratedAt: string } }
  | { type: 'SiteVisitorAuthChanged'; data: SiteRef & { changes: Partial<VisitorAuthSettings>; changedAt: string } };

export const visitorAuthStream = (siteId: string) => `siteVisitorAuth-${siteId}`;
