import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { Reader } from '@folio/platform/auth/reader';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Forbidden, NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { VerifyVisitorToken } from '@folio/identity/public/visitor-token.query';
import { SiteAddresses } from '../addresses/site-addresses';
import { CustomizationReads } from '../customization/customization.reads';
import { ShareLinkReads } from '../share-links/share-link.reads';
import { SiteAccess } from '../sites/site-access';
import { siteResource } from '../sites/site.resource';
import { SiteReads } from '../sites/site.reads';
import { SiteDoc } from '../sites/site.projection';
import { ReaderAccess } from '../readers/reader-access';
import { SiteVisitorAuth } from '../visitor-auth/visitor-auth';
import { PublishedAnswers } from './published-answers';
import { PublishedStructures, siteSpaceIdsOf } from './published-structures';

/**
 * `GET …/sites/{siteId}/published`: what a visitor's renderer needs, for the visitor the request names.
 * A `share-link` site answers only with an active share key, a `visitor-auth` site only with a valid
 * visitor token (`POST /orgs/{id}/ping`'s); the token's claims decide which sections and site spaces
 * the visitor sees, and spaces in the bin are left out until they are restored. A site token's bearer
 * (a reader) reads its own site only, as its token names the visitor (claims, share key), while its
 * site is open to it (ReaderAccess); any other site is a 404 to it.
 */
/** The answer as JSON text: kept answers are served as they were serialized (see PublishedAnswers). */
export class GetPublishedSite extends Query<string> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly shareKey: string | undefined,
    readonly visitorToken: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetPublishedSite)
export class GetPublishedSiteHandler implements IQueryHandler<GetPublishedSite> {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly structures: PublishedStructures,
    private readonly readers: ReaderAccess,
    private readonly shareLinks: ShareLinkReads,
    private readonly customizations: CustomizationReads,
    private readonly queries: QueryBus,
    private readonly answers: PublishedAnswers,
    private readonly visitorAuth: SiteVisitorAuth,
    private readonly addresses: SiteAddresses,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, siteId, shareKey, visitorToken }: GetPublishedSite) {
    if (caller.reader) return this.forReader(caller, caller.reader, organizationId, siteId);
    const role = await this.access.role(caller, organizationId);
    const site = await this.reads.site(organizationId, siteId);
    if (!site.published) throw new NotFound('published site');
    // A token of Folio's (`POST /orgs/{id}/ping`), else one the site's own backend signed with the site's key.
    const claims = visitorToken === undefined ? null : ((await this.queries.execute(new VerifyVisitorToken(organizationId, visitorToken))) ?? (await this.visitorAuth.claims(siteId, visitorToken)));
    if (visitorToken !== undefined && claims === null) throw new Forbidden('the visitor token is not valid for this organization');
    if (site.visibility === 'share-link' && !(shareKey !== undefined && (await this.shareLinks.activeShareLink(siteId, shareKey)))) {
      throw new Forbidden('this site is shared by link: an active shareKey is needed');
    }
    if (site.visibility === 'visitor-auth' && claims === null) throw new Forbidden('this site is for authenticated visitors: a visitor token is needed');
    // Kept per caller (the spaces' permissions are the caller's), share key and visitor (their claims).
    const key = JSON.stringify([siteId, caller.userId, shareKey ?? null, visitorToken ?? null]);
    return this.answers.answer(key, async () => this.render(site, role, caller, claims));
  }

  private async forReader(caller: Caller, reader: Reader, organizationId: string, siteId: string) {
    await this.readers.open(reader, organizationId, siteId, 'published site');
    const site = await this.reads.site(organizationId, siteId);
    const key = JSON.stringify([siteId, caller.userId, reader.shareKey ?? null, reader.claims]);
    // Rendered as the site shows it to its visitors (no caller), for the token's claims.
    return this.answers.answer(key, async () => this.render(site, null, null, reader.claims));
  }

  private async render(site: SiteDoc, role: Role | null, caller: Caller | null, claims: Record<string, unknown> | null) {
    const structure = await this.structures.visible(site, caller, claims ?? {});
    const customizations = await this.customizations.customizations(site.id, siteSpaceIdsOf(structure));
    return {
      object: 'published-content-site' as const,
      site: siteResource(site, { role, publicUrl: this.config.publicUrl, appUrl: this.config.appUrl, address: await this.addresses.of(site) }),
      structure,
      customizations,
      // Integrations do not run on a self-hosted site: no scripts to load.
      scripts: [],
    };
  }
}
