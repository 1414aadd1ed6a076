import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { GetMembership } from '@folio/identity/public/membership.query';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';

/**
 * Who may see and manage an organization's webhooks and their deliveries: its admins (the table's
 * `admin`, as for SAML providers: a webhook's URL and secret are the organization's configuration). A
 * member who is not an admin gets 403, a stranger 404 for the organization and everything in it. Asked
 * of identity on every request, so a role change applies at once.
 */
@Injectable()
export class IntegrationsAccess {
  constructor(private readonly queries: QueryBus) {}

  async admin(caller: Caller, organizationId: string, what: string): Promise<void> {
    const membership = await this.queries.execute(new GetMembership(organizationId, caller.userId));
    if (!membership) throw new NotFound('organization');
    assertAllowed(organizationPermissions(membership.role).admin, what);
  }
}
