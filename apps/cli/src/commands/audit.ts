import { NotFound } from '@folio/platform/domain/errors';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { AuditReads } from '@folio/identity/audit/audit.reads';
import { OrganizationReads } from '@folio/identity/organizations/organization.reads';
import { PAGING, print, printPages } from '../cli-io';
import { CommandGroup } from '../subcommand';

export const audit: CommandGroup = {
  stream: {
    summary: "a stream's events, oldest first, one JSON line each",
    positionals: ['<streamName>'],
    run: async (app, [stream]) => {
      const events = await app.get<EventStore>(EVENT_STORE).readStream(stream);
      // A stream exists once it has an event: an empty answer would not tell a typo from a quiet stream.
      if (events.length === 0) throw new NotFound(`stream ${stream}`);
      for (const e of events) {
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
    },
  },
  org: {
    summary: "an organization's audit events as the API lists them, newest first",
    positionals: ['<organizationId>'],
    options: PAGING,
    run: async (app, [organizationId], args) => {
      if (!(await app.get(OrganizationReads).organization(organizationId))) throw new NotFound('organization');
      const reads = app.get(AuditReads);
      await printPages(args, (list) => reads.list(organizationId, {}, list));
    },
  },
};
