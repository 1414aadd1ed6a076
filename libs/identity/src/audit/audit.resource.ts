import { FolioConfig } from '@folio/platform/config/config';
import { AuditDoc } from './audit.projection';

/** The client spec's sources; Folio's own `system` work is an automated workflow there. */
const SOURCE: Record<string, string> = { api: 'api', script: 'script', system: 'workflow' };

export function auditEventResource(doc: AuditDoc, config: FolioConfig) {
  return {
    object: 'audit-event' as const,
    id: doc.id,
    occurredAt: doc.occurredAt,
    action: doc.action,
    actor: { type: doc.actorId === 'system' ? ('system' as const) : ('user' as const), id: doc.actorId },
    source: SOURCE[doc.source] ?? 'api',
    target: { type: doc.targetType, id: doc.targetId },
    urls: { location: `${config.publicUrl}/v1/orgs/${doc.organizationId}/audit-events/${doc.id}` },
    correlationId: doc.correlationId,
    schemaVersion: doc.schemaVersion,
    payload: { before: doc.before, after: doc.after },
  };
}
