import { INestApplicationContext } from '@nestjs/common';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { PAGING, print, printPages } from '../cli-io';
import { CommandGroup } from '../subcommand';

/** What the runs import, loaded when one runs: every start of the CLI loads the command table (command-table.ts). */
const load = async () => ({
  ...(await import('@folio/content/change-requests/change-request.events')),
  ...(await import('@folio/identity/audit/audit.reads')),
  ...(await import('@folio/identity/organizations/organization.reads')),
});

/** A stream's events, oldest first, one JSON line each with its actor and time. */
async function printStream(app: INestApplicationContext, stream: string, what = `stream ${stream}`) {
  const events = await app.get<EventStore>(EVENT_STORE).readStream(stream);
  // A stream exists once it has an event: an empty answer would not tell a typo from a quiet stream.
  if (events.length === 0) throw new NotFound(what);
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
}

export const audit: CommandGroup = {
  stream: {
    summary: "a stream's events, oldest first, one JSON line each",
    positionals: ['<streamName>'],
    run: (app, [stream]) => printStream(app, stream),
  },
  org: {
    summary: "an organization's audit events as the API lists them, newest first",
    positionals: ['<organizationId>'],
    options: PAGING,
    run: async (app, [organizationId], args) => {
      const { AuditReads, OrganizationReads } = await load();
      if (!(await app.get(OrganizationReads).organization(organizationId))) throw new NotFound('organization');
      const reads = app.get(AuditReads);
      await printPages(args, (list) => reads.list(organizationId, {}, list));
    },
  },
  cr: {
    summary: "a change request's history (every event with its actor and time), oldest first",
    positionals: ['<spaceId>', '<number>'],
    run: async (app, [spaceId, number]) => {
      if (!/^[1-9][0-9]{0,14}$/.test(number)) throw new Invalid(`number must be a change request's number, not ${number}`);
      await printStream(app, (await load()).changeRequestStream(spaceId, Number(number)), `change request ${number} of space ${spaceId}`);
    },
  },
};
