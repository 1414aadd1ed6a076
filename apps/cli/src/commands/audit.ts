import { INestApplicationContext } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { print } from '../cli-io';
import { UsageError } from './users';

/** `audit stream <name>`: the stream's history, one JSON line per event, oldest first. */
export async function audit(app: INestApplicationContext, [action, stream]: string[]) {
  if (action !== 'stream' || !stream) throw new UsageError('audit stream <streamName>');
  for (const e of await app.get<EventStore>(EVENT_STORE).readStream(stream)) {
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
