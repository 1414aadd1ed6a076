import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { GetMembership } from '@folio/identity/public/membership.query';
import { assertAllowed, OrganizationPermissions, organizationPermissions } from '@folio/identity/public/organization-permissions';

/**
 * Who may do what with an organization's insights: its members read them (a stranger gets 404 for the
 * organization and everything in it); writes need a permission of the organization's table (403 without
 * it). Asked of identity on every request, so a role change applies at once.
 */
@Injectable()
export class InsightsAccess {
  constructor(private readonly queries: QueryBus) {}

  /** The caller's permissions in the organization; NotFound for a non-member. */
  async member(caller: Caller, organizationId: string): Promise<OrganizationPermissions> {
    const membership = await this.queries.execute(new GetMembership(organizationId, caller.userId));
    if (!membership) throw new NotFound('organization');
    return organizationPermissions(membership.role);
  }

  /** Refuses (403) a member without `permission`. */
  async allowed(caller: Caller, organizationId: string, permission: keyof OrganizationPermissions, what: string): Promise<void> {
    assertAllowed((await this.member(caller, organizationId))[permission], what);
  }
}
