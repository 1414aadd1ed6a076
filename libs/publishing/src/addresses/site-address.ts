/**
 * Where published sites are served. PUBLIC_SITES_URL is a template naming `{org}` once, in the host
 * (`https://{org}.docs.example.com`) or in the path (`https://docs.example.com/{org}`); `{org}` is the
 * organization's hostname, or its id while it has none. A site is served at the template's URL plus its
 * basename (its id while it has none), or at the root of its custom hostname. Pure: both the addresses
 * answered (`urls.published`) and the resolution of a URL back to a site read these functions.
 */

export interface AddressedSite {
  id: string;
  basename: string | null;
  /** Absent on documents projected before custom hostnames existed: none. */
  hostname?: string | null;
}

/** The segment a URL names a site by under its organization's address: the basename, else the id. */
export const siteSegment = (site: AddressedSite) => site.basename ?? site.id;

/** `http:` or `https:`: what a custom hostname is served with (PUBLIC_SITES_URL's scheme). */
export const sitesScheme = (template: string) => (template.startsWith('https:') ? 'https:' : 'http:');

/** The URL a site is served at, without a trailing slash. */
export function siteAddress(site: AddressedSite, organizationKey: string, template: string): string {
  if (site.hostname) return `${sitesScheme(template)}//${site.hostname}`;
  return `${template.replace('{org}', organizationKey)}/${siteSegment(site)}`;
}

/** A URL taken apart for resolution: its host and path segments (empty ones, a trailing slash's, dropped). */
export interface SiteUrl {
  origin: string;
  host: string;
  segments: string[];
}

/** A placeholder no hostname or path segment has, standing for `{org}` while the template is parsed. */
const ORG = 'folio-org-placeholder';

/**
 * The URL as resolution reads it, or null for one no site can be at: not http(s), or with a port (GitBook's
 * renderer refuses those hosts), or with credentials. The query and fragment are ignored.
 */
export function parseSiteUrl(url: string): SiteUrl | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.port !== '' || parsed.username !== '' || parsed.password !== '') return null;
  return { origin: parsed.origin, host: parsed.hostname, segments: parsed.pathname.split('/').filter((s) => s !== '') };
}

/** Where a URL meets the template: the `{org}` it names and how many path segments the organization's address takes. */
export interface TemplateMatch {
  organizationKey: string;
  consumed: number;
}

/** The template's host and path segments, `{org}` standing where it is. */
export function parseTemplate(template: string): { host: string; segments: string[] } {
  const parsed = new URL(template.replace('{org}', ORG));
  return { host: parsed.hostname, segments: parsed.pathname.split('/').filter((s) => s !== '') };
}

/**
 * `{org}` of a URL under the template, or null when it is not under it. The scheme is not compared (a
 * renderer behind TLS asks with `https` for an `http` template); a key holds no dot or slash.
 */
export function matchTemplate(template: { host: string; segments: string[] }, url: SiteUrl): TemplateMatch | null {
  const found: { key: string | null } = { key: null };
  const take = (pattern: string, value: string): boolean => {
    const at = pattern.indexOf(ORG);
    if (at < 0) return pattern === value;
    const before = pattern.slice(0, at);
    const after = pattern.slice(at + ORG.length);
    if (value.length <= before.length + after.length || !value.startsWith(before) || !value.endsWith(after)) return false;
    found.key = value.slice(before.length, value.length - after.length);
    return !found.key.includes('.');
  };
  if (!take(template.host, url.host)) return null;
  if (url.segments.length < template.segments.length) return null;
  if (!template.segments.every((segment, i) => take(segment, url.segments[i]))) return null;
  return found.key === null ? null : { organizationKey: found.key, consumed: template.segments.length };
}
