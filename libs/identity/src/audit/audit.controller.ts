import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { AuditEventsQuery } from './audit.dto';
import { GetAuditEvent, ListAuditActions, ListAuditEvents } from './audit.queries';

@Controller('orgs/:organizationId')
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get('audit-events')
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: AuditEventsQuery) {
    return this.queries.execute(new ListAuditEvents(caller, organizationId, query));
  }

  @Get('audit-events/:auditEventId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('auditEventId') auditEventId: string) {
    return this.queries.execute(new GetAuditEvent(caller, organizationId, auditEventId));
  }

  @Get('audit-event-actions')
  actions(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new ListAuditActions(caller, organizationId));
  }
}
