import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { GetMembership } from '@folio/identity/public/membership.query';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';

/**
 * Who may do what with an organization's sites: its members read them (a stranger gets 404 for the
 * organization and everything in it), its admins create, change, publish and delete them. Asked of
 * identity on every request, so a role change applies at once.
 */
@Injectable()
export class SiteAccess {
  constructor(private readonly queries: QueryBus) {}

  /** The caller's organization role (null: a guest); NotFound for a non-member. */
  async role(caller: Caller, organizationId: string): Promise<Role | null> {
    const membership = await this.queries.execute(new GetMembership(organizationId, caller.userId));
    if (!membership) throw new NotFound('organization');
    return membership.role;
  }

  /** The caller's role, after refusing (403) a member who is not an admin of the organization. */
  async admin(caller: Caller, organizationId: string, what: string): Promise<Role | null> {
    const role = await this.role(caller, organizationId);
    assertAllowed(organizationPermissions(role).admin, what);
    return role;
  }
}
