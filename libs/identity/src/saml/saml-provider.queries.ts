import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { SAMLProviderReads } from './saml-provider.reads';
import { samlProviderResource, SAMLProviderResource, SSOProviderLogin, ssoProviderLogin } from './saml-provider.resource';

/** Provider details (certificates, IdP URLs) are configuration: organization admins only. */
async function assertAdmin(organizations: OrganizationReads, organizationId: string, caller: Caller) {
  const { membership } = await organizations.forMember(organizationId, caller);
  assertAllowed(organizationPermissions(membership.role).admin, 'see SAML providers');
}

export class ListSAMLProviders extends Query<ListEnvelope<SAMLProviderResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSAMLProviders)
export class ListSAMLProvidersHandler implements IQueryHandler<ListSAMLProviders> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly providers: SAMLProviderReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, list }: ListSAMLProviders) {
    await assertAdmin(this.organizations, organizationId, caller);
    const page = await this.providers.page(organizationId, list);
    const views = await this.providers.withTeams(organizationId, page.items);
    return listEnvelope(
      views.map((view) => samlProviderResource(view, this.config)),
      page.next,
    );
  }
}

export class GetSAMLProvider extends Query<SAMLProviderResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly samlProviderId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSAMLProvider)
export class GetSAMLProviderHandler implements IQueryHandler<GetSAMLProvider> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly providers: SAMLProviderReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, samlProviderId }: GetSAMLProvider) {
    await assertAdmin(this.organizations, organizationId, caller);
    return samlProviderResource(await this.providers.view(organizationId, samlProviderId), this.config);
  }
}

export class ListSSOProviderLogins extends Query<{ items: SSOProviderLogin[] }> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
  ) {
    super();
  }
}

/**
 * The login chooser: any member, guests included, may see which providers they can sign in with. It
 * shows labels and start URLs only, never the providers' configuration. Not paginated (the spec's
 * operation takes no `page`); an organization has a handful of providers.
 */
@QueryHandler(ListSSOProviderLogins)
export class ListSSOProviderLoginsHandler implements IQueryHandler<ListSSOProviderLogins> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly providers: SAMLProviderReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId }: ListSSOProviderLogins) {
    await this.organizations.forMember(organizationId, caller);
    const providers = await this.providers.all(organizationId);
    return { items: providers.map((p) => ssoProviderLogin(p, this.config)) };
  }
}
