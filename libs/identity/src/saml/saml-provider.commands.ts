import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Invalid } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { samlProviderDecider } from './saml-provider.decider';
import { samlProviderStream, SAMLProviderSettings } from './saml-provider.events';
import { SAMLProviderReads } from './saml-provider.reads';
import { samlProviderResource, SAMLProviderResource } from './saml-provider.resource';

/** What POST may leave out: everything but the label. */
export type NewSAMLProvider = Pick<SAMLProviderSettings, 'label'> & Partial<SAMLProviderSettings>;

/** Without a `defaultRole`, people signing in through a provider get `read`, a new organization's default. */
export const DEFAULT_SAML_ROLE = 'read' as const;

/** Admins only; the caller's membership is checked first, so non-members learn nothing (404). */
async function assertAdmin(organizations: OrganizationReads, organizationId: string, caller: Caller) {
  const { membership } = await organizations.forMember(organizationId, caller);
  assertAllowed(organizationPermissions(membership.role).admin, 'manage SAML providers');
}

/** `defaultTeam` must name a team of the same organization. */
async function assertTeam(providers: SAMLProviderReads, organizationId: string, teamId: string | null | undefined) {
  if (teamId == null) return;
  if (!(await providers.team(organizationId, teamId))) {
    throw new Invalid(`defaultTeam: there is no team ${teamId} in this organization`);
  }
}

export class CreateSAMLProvider extends Command<SAMLProviderResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly input: NewSAMLProvider,
  ) {
    super();
  }
}

@CommandHandler(CreateSAMLProvider)
export class CreateSAMLProviderHandler implements ICommandHandler<CreateSAMLProvider> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly providers: SAMLProviderReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, input }: CreateSAMLProvider) {
    await assertAdmin(this.organizations, organizationId, caller);
    await assertTeam(this.providers, organizationId, input.defaultTeam);
    const samlProviderId = newId();
    const settings: SAMLProviderSettings = {
      label: input.label,
      entityID: input.entityID ?? null,
      ssoURL: input.ssoURL ?? null,
      certificate: input.certificate ?? null,
      defaultTeam: input.defaultTeam ?? null,
      defaultRole: input.defaultRole === undefined ? DEFAULT_SAML_ROLE : input.defaultRole,
    };
    await this.aggregates.handle(
      samlProviderStream(samlProviderId),
      samlProviderDecider,
      { type: 'CreateSAMLProvider', samlProviderId, organizationId, settings },
      caller,
    );
    return samlProviderResource(await this.providers.view(organizationId, samlProviderId), this.config);
  }
}

export class UpdateSAMLProvider extends Command<SAMLProviderResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly samlProviderId: string,
    readonly changes: Partial<SAMLProviderSettings>,
    /** The provider's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

@CommandHandler(UpdateSAMLProvider)
export class UpdateSAMLProviderHandler implements ICommandHandler<UpdateSAMLProvider> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly providers: SAMLProviderReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, samlProviderId, changes, ifMatch }: UpdateSAMLProvider) {
    await assertAdmin(this.organizations, organizationId, caller);
    const { provider } = await this.providers.view(organizationId, samlProviderId);
    // Only a new team is checked: re-sending the current one changes nothing, even if it is gone since.
    if (changes.defaultTeam !== provider.defaultTeam) await assertTeam(this.providers, organizationId, changes.defaultTeam);
    await this.aggregates.handle(
      samlProviderStream(samlProviderId),
      samlProviderDecider,
      { type: 'UpdateSAMLProvider', organizationId, changes },
      caller,
      { ifMatch },
    );
    return samlProviderResource(await this.providers.view(organizationId, samlProviderId), this.config);
  }
}

export class DeleteSAMLProvider extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly samlProviderId: string,
  ) {
    super();
  }
}

/**
 * Idempotent, as the client's spec describes it (204 also when the provider did not exist): deleting
 * an unknown or already deleted provider of the organization writes nothing and succeeds.
 */
@CommandHandler(DeleteSAMLProvider)
export class DeleteSAMLProviderHandler implements ICommandHandler<DeleteSAMLProvider> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly providers: SAMLProviderReads,
  ) {}

  async execute({ caller, organizationId, samlProviderId }: DeleteSAMLProvider) {
    await assertAdmin(this.organizations, organizationId, caller);
    if (!(await this.providers.get(organizationId, samlProviderId))) return;
    await this.aggregates.handle(
      samlProviderStream(samlProviderId),
      samlProviderDecider,
      { type: 'DeleteSAMLProvider', organizationId },
      caller,
    );
  }
}
