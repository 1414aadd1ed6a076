import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { HOSTNAME } from '../organizations/organization.settings';
import { OrganizationReads } from '../organizations/organization.reads';

/** The Subdomain resource: an organization's hostname, pointing at the organization. */
export interface SubdomainResource {
  object: 'subdomain';
  subdomain: string;
  target: { type: 'organization'; organization: string };
  /** Always: a hostname serves its organization as soon as it is set. */
  isActive: true;
}

/**
 * The organization a subdomain (an organization's hostname) names. Any authenticated caller may ask, a
 * non-member too: the hostname is the public address of the organization's published content, so the
 * answer tells no more than visiting it would. Invalid for a value no hostname could be; NotFound when no
 * organization holds it.
 */
export class GetSubdomain extends Query<SubdomainResource> {
  constructor(readonly subdomain: string) {
    super();
  }
}

@QueryHandler(GetSubdomain)
export class GetSubdomainHandler implements IQueryHandler<GetSubdomain> {
  constructor(private readonly organizations: OrganizationReads) {}

  async execute({ subdomain }: GetSubdomain): Promise<SubdomainResource> {
    if (!HOSTNAME.test(subdomain)) throw new Invalid('subdomain must be 3 to 32 lowercase letters, digits and inner dashes');
    const organization = await this.organizations.withHostname(subdomain);
    if (!organization) throw new NotFound('subdomain');
    return { object: 'subdomain', subdomain, target: { type: 'organization', organization: organization.id }, isActive: true };
  }
}
