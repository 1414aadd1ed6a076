import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope } from '@folio/platform/http/pagination';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { AUDIT_DEFAULT_LIMIT, AuditEventsQuery } from './audit.dto';
import { AUDIT_ACTIONS } from './audit.projection';
import { AuditReads } from './audit.reads';

async function assertAuditor(organizations: OrganizationReads, organizationId: string, caller: Caller) {
  const { membership } = await organizations.forMember(organizationId, caller);
  assertAllowed(organizationPermissions(membership.role).admin, 'read the audit log');
}

export class ListAuditEvents extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly query: AuditEventsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListAuditEvents)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEvents> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly audit: AuditReads,
  ) {}

  async execute({ caller, organizationId, query }: ListAuditEvents) {
    await assertAuditor(this.organizations, organizationId, caller);
    const page = await this.audit.list(organizationId, query, { ...query, limit: query.limit ?? AUDIT_DEFAULT_LIMIT });
    return listEnvelope(page.items, page.next);
  }
}

export class GetAuditEvent extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly auditEventId: string,
  ) {
    super();
  }
}

@QueryHandler(GetAuditEvent)
export class GetAuditEventHandler implements IQueryHandler<GetAuditEvent> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly audit: AuditReads,
  ) {}

  async execute({ caller, organizationId, auditEventId }: GetAuditEvent) {
    await assertAuditor(this.organizations, organizationId, caller);
    return this.audit.get(organizationId, auditEventId);
  }
}

export class ListAuditActions extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
  ) {
    super();
  }
}

@QueryHandler(ListAuditActions)
export class ListAuditActionsHandler implements IQueryHandler<ListAuditActions> {
  constructor(private readonly organizations: OrganizationReads) {}

  async execute({ caller, organizationId }: ListAuditActions) {
    await assertAuditor(this.organizations, organizationId, caller);
    return {
      items: AUDIT_ACTIONS.map((id) => ({ object: 'audit-event-action' as const, id, label: id.replace(/[._]/g, ' ') })),
    };
  }
}
