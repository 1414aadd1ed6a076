import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Condition, Filter, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { AUDIT_EVENTS, AuditDoc } from './audit.projection';
import { auditEventResource } from './audit.resource';

export interface AuditFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

/** Audit reads for admins (the HTTP layer checks) and for the CLI (trusted). */
@Injectable()
export class AuditReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  /** Newest first. */
  async list(organizationId: string, filters: AuditFilters, list: ListQuery) {
    const filter: Filter = { organizationId };
    if (filters.action) filter.action = filters.action;
    if (filters.actor) filter.actorId = filters.actor;
    if (filters.target) filter.targetId = filters.target;
    const range: Exclude<Condition, string | number | boolean | null> = {};
    if (filters.from) range.$gte = new Date(filters.from).toISOString();
    if (filters.to) range.$lte = new Date(filters.to).toISOString();
    if (Object.keys(range).length) filter.occurredAt = range;
    const page = await findPage<AuditDoc>(this.reads, AUDIT_EVENTS, { filter, sort: { field: 'seq', direction: 'desc' } }, list);
    return { items: page.items.map((doc) => auditEventResource(doc, this.config)), next: page.next };
  }

  async get(organizationId: string, auditEventId: string) {
    const doc = await this.reads.get<AuditDoc>(AUDIT_EVENTS, auditEventId);
    if (!doc || doc.organizationId !== organizationId) throw new NotFound('audit event');
    return auditEventResource(doc, this.config);
  }
}
