import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Reader } from '@folio/platform/auth/reader';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { VerifyVisitorToken } from '@folio/identity/public/visitor-token.query';
import { AdaptiveSchema } from '../adaptive/adaptive-schema.events';
import { claimsOf, EMPTY_ADAPTIVE_SCHEMA } from '../adaptive/adaptive-schema';
import { AdaptiveSchemaReads } from '../adaptive/adaptive-schema.reads';
import { parseSiteUrl } from '../addresses/site-address';
import { SiteAddresses } from '../addresses/site-addresses';
import { SiteTokens } from '../readers/site-tokens';
import { ShareLinkReads } from '../share-links/share-link.reads';
import { SiteDoc } from '../sites/site.projection';
import { SiteVisitorAuth } from '../visitor-auth/visitor-auth';
import { ReaderStructures } from './reader-structures';
import { walkSitePath } from './site-path-walk';

/** What a renderer asks to resolve: the URL, and the visitor (a visitor token, unsigned claims, human or agent). */
export interface ResolveUrlInput {
  url: string;
  redirectOnError: boolean;
  visitorToken?: string;
  unsignedClaims?: Record<string, unknown>;
  visitorType?: 'human' | 'agent';
}

/** The spec's PublishedSiteContent. */
export interface PublishedSiteContent {
  organization: string;
  site: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  pathname: string;
  basePath: string;
  siteBasePath: string;
  canonicalUrl: string;
  complete: boolean;
  shareKey?: string;
  apiToken: string;
}

/** The spec's PublishedContentRedirect: to the site's URL now (`content`), or to the visitor-auth backend (`application`). */
export interface PublishedContentRedirect {
  target: 'content' | 'application';
  redirect: string;
}

/**
 * `POST /v1/urls/published`: a URL of a published site, resolved for one visitor into what a renderer
 * needs to show it (the site, section, site space and space, the page's path, the prefixes, a site token),
 * or where to go instead. Anything unknown, unpublished, or closed to the visitor is 404 alike (a URL with
 * a port or of another scheme too: no site is there); only a string that is no URL at all is a 400.
 */
export class ResolvePublishedUrl extends Query<PublishedSiteContent | PublishedContentRedirect> {
  constructor(readonly input: ResolveUrlInput) {
    super();
  }
}

const notFound = () => new NotFound('published content for this URL');

@QueryHandler(ResolvePublishedUrl)
export class ResolvePublishedUrlHandler implements IQueryHandler<ResolvePublishedUrl> {
  constructor(
    private readonly addresses: SiteAddresses,
    private readonly structures: ReaderStructures,
    private readonly schemas: AdaptiveSchemaReads,
    private readonly shareLinks: ShareLinkReads,
    private readonly visitorAuth: SiteVisitorAuth,
    private readonly tokens: SiteTokens,
    private readonly queries: QueryBus,
  ) {}

  async execute({ input }: ResolvePublishedUrl): Promise<PublishedSiteContent | PublishedContentRedirect> {
    if (!URL.canParse(input.url)) throw new Invalid('url must be an absolute URL');
    const url = parseSiteUrl(input.url);
    if (!url) throw notFound();
    const located = await this.addresses.locate(url);
    if (!located) throw notFound();
    const rest = url.segments.slice(located.consumed);
    if ('movedTo' in located) return { target: 'content', redirect: [located.movedTo, ...rest].join('/') };
    const { site } = located;
    if (!site.published) throw notFound();
    const siteBasePath = `/${url.segments.slice(0, located.consumed).map((s) => `${s}/`).join('')}`;

    let shareKey: string | undefined;
    if (site.visibility === 'share-link') {
      shareKey = rest.shift();
      if (shareKey === undefined || !(await this.shareLinks.activeShareLink(site.id, shareKey))) throw notFound();
    }
    const signed = input.visitorToken === undefined ? null : await this.signedClaims(site, input.visitorToken);
    if (site.visibility === 'visitor-auth' && signed === null) return this.refuseVisitor(site, input, rest);

    const schema = (await this.schemas.schema(site.id))?.jsonSchema ?? EMPTY_ADAPTIVE_SCHEMA;
    const claims = withUnsigned(signed ?? {}, input.unsignedClaims, schema);
    const structure = await this.structures.of(site, schema, claims);
    if (!structure) throw notFound();

    const walked = walkSitePath(structure, rest);
    const chosen = [...(shareKey !== undefined ? [shareKey] : []), ...walked.consumed];
    const basePath = `${siteBasePath}${chosen.map((s) => `${s}/`).join('')}`;
    const pathname = walked.rest.join('/');
    const reader: Reader = {
      siteId: site.id,
      organizationId: site.organizationId,
      claims,
      ...(shareKey !== undefined ? { shareKey } : {}),
      ...(signed !== null ? { authenticated: true as const } : {}),
      visitorType: input.visitorType ?? 'human',
      siteSpaceId: walked.siteSpace.id,
      ...(walked.section.id !== null ? { siteSectionId: walked.section.id } : {}),
      spaceId: walked.siteSpace.spaceId,
    };
    return {
      organization: site.organizationId,
      site: site.id,
      ...(walked.section.id !== null ? { siteSection: walked.section.id } : {}),
      siteSpace: walked.siteSpace.id,
      space: walked.siteSpace.spaceId,
      pathname,
      basePath,
      siteBasePath,
      canonicalUrl: `${url.origin}${basePath}${pathname}`,
      complete: walked.complete,
      ...(shareKey !== undefined ? { shareKey } : {}),
      apiToken: await this.tokens.mint(reader, structure.spaceIds),
    };
  }

  /** A token of Folio's (`POST /orgs/{id}/ping`), else one the site's own backend signed with the site's key; null for neither. */
  private async signedClaims(site: SiteDoc, token: string): Promise<Record<string, unknown> | null> {
    return (await this.queries.execute(new VerifyVisitorToken(site.organizationId, token))) ?? (await this.visitorAuth.claims(site.id, token));
  }

  /**
   * A `visitor-auth` site without a valid visitor token: 404, or, when the renderer asks to be redirected
   * and the site's backend has a login URL, that URL with the path asked for as `location` (the renderer
   * appends the rest of a shorter URL's path to it).
   */
  private async refuseVisitor(site: SiteDoc, input: ResolveUrlInput, rest: string[]): Promise<PublishedContentRedirect> {
    const { fallbackURL } = await this.visitorAuth.state(site.id);
    if (!input.redirectOnError || fallbackURL === null) throw notFound();
    const redirect = new URL(fallbackURL);
    redirect.searchParams.set('location', `/${rest.join('/')}`);
    return { target: 'application', redirect: redirect.toString() };
  }
}

/**
 * The visitor's claims: the signed ones, and under `unsigned` the unsigned claims the renderer sent that
 * the site's adaptive schema declares (booleans, as every claim is); the others are dropped.
 */
function withUnsigned(signed: Record<string, unknown>, given: Record<string, unknown> | undefined, schema: AdaptiveSchema): Record<string, unknown> {
  if (given === undefined) return signed;
  const unsigned = new Map<string, boolean>();
  for (const [name] of claimsOf(schema).unsigned) {
    const value = Object.prototype.hasOwnProperty.call(given, name) ? given[name] : undefined;
    if (typeof value === 'boolean') unsigned.set(name, value);
  }
  return unsigned.size > 0 ? { ...signed, unsigned: Object.fromEntries(unsigned) } : signed;
}
