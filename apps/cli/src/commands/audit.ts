import { INestApplicationContext } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { AuditReads } from '@folio/identity/audit/audit.reads';
import { print } from '../cli-io';
import { UsageError } from './users';

/**
 * `audit stream <name>`: a stream's history, oldest first. `audit org <organizationId>`: the
 * organization's audit events as the API lists them, newest first. One JSON line each.
 */
export async function audit(app: INestApplicationContext, [action, id]: string[]) {
  if (action === 'org' && id) return auditOrganization(app, id);
  if (action !== 'stream' || !id) throw new UsageError('audit stream <streamName> | audit org <organizationId>');
  for (const e of await app.get<EventStore>(EVENT_STORE).readStream(id)) {
    print({
      revision: e.revision,
      position: e.position,
      type: e.type,
      actor: e.metadata.actor,
      source: e.metadata.source,
      occurredAt: e.metadata.occurredAt,
      correlationId: e.metadata.correlationId,
      data: e.data,
    });
  }
}

async function auditOrganization(app: INestApplicationContext, organizationId: string) {
  const reads = app.get(AuditReads);
  let page: string | undefined;
  do {
    const result = await reads.list(organizationId, {}, { limit: 1000, page });
    for (const event of result.items) print(event);
    page = result.next?.page;
  } while (page);
}
