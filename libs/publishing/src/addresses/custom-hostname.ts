import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { atLeast } from '@folio/platform/domain/roles';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { SiteAccess } from '../sites/site-access';
import { SetSiteHostname } from '../sites/site.commands';
import { SiteReads } from '../sites/site.reads';
import { SITE_ADDRESSES, SiteAddressDoc } from './site-address.projection';

/** The spec's CustomHostname: a site's, active while the site is published. */
export function customHostnameResource(hostname: string, site: { id: string; published: boolean }, publicUrl: string) {
  return {
    object: 'custom-hostname' as const,
    hostname,
    target: { type: 'site' as const, site: site.id },
    isActive: site.published,
    urls: { location: `${publicUrl}/v1/custom-hostnames/${encodeURIComponent(hostname)}` },
  };
}

/**
 * `…/custom-hostnames/{hostname}`: a site's custom hostname seen from the hostname (set with `PUT
 * …/sites/{siteId}/hostname`). Only an admin of the owning organization learns it exists: anyone else
 * reads a 404. Removing it (or revalidating it, which Folio has no DNS to do) is the admin's too: a
 * stranger gets 404 and a member 403, as for the site itself.
 */
@Injectable()
export class CustomHostnames {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly sites: SiteReads,
    private readonly access: SiteAccess,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async get(caller: Caller, hostname: string) {
    const held = await this.holder(hostname);
    if (!held || !(await this.isAdmin(caller, held.organizationId))) throw new NotFound('custom hostname');
    return customHostnameResource(hostname, await this.sites.site(held.organizationId, held.siteId), this.config.publicUrl);
  }

  /** True when it was removed, false when no site held it. */
  async remove(caller: Caller, hostname: string): Promise<boolean> {
    const held = await this.holder(hostname);
    if (!held) return false;
    await this.commands.execute(new SetSiteHostname(caller, held.organizationId, held.siteId, null));
    return true;
  }

  /** Folio does no DNS: there is nothing to revalidate, only a hostname to find for an admin. */
  async revalidate(caller: Caller, hostname: string): Promise<void> {
    const held = await this.holder(hostname);
    if (!held) throw new NotFound('custom hostname');
    await this.access.admin(caller, held.organizationId, 'revalidate custom hostnames');
  }

  /** A stranger (the organization is NotFound to them) is no admin either: both read the same 404. */
  private async isAdmin(caller: Caller, organizationId: string): Promise<boolean> {
    try {
      return atLeast(await this.access.role(caller, organizationId), 'admin');
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
  }

  private async holder(hostname: string) {
    const page = await this.reads.find<SiteAddressDoc>(SITE_ADDRESSES, { filter: { hostname }, limit: 1 });
    return page.items[0] ?? null;
  }
}
