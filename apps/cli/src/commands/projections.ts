import { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { Projection, PROJECTIONS } from '@folio/platform/projections/projection';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { rebuildProjections } from '@folio/platform/projections/rebuild';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { print } from '../cli-io';
import { CommandGroup } from '../subcommand';

/** Per-mille of the way to the head, by position (positions are not event counts in EventStoreDB). */
function perMille(position: string, head: string): number {
  const h = BigInt(head);
  return h === 0n ? 1000 : Number((BigInt(position) * 1000n) / h);
}

export const projections: CommandGroup = {
  rebuild: { summary: 'replay the log into fresh read models and swap them in', run: (app) => rebuild(app) },
  status: {
    summary: "each projection's position and lag",
    run: async (app) => print(await app.get(ProjectionProgress).status()),
  },
};

/** Progress goes to stderr as a bar; the figures, once done, to stdout. */
async function rebuild(app: INestApplicationContext) {
  const events = app.get<EventStore>(EVENT_STORE);
  const head = (await events.headPosition()) ?? '0';
  const bar = new SingleBar({
    stream: process.stderr,
    format: 'Rebuilding read models [{bar}] {percentage}% | {events} events | {rate} events/s',
    hideCursor: true,
  });
  bar.start(1000, 0, { events: 0, rate: 0 });
  const started = Date.now();
  const result = await rebuildProjections(events, app.get<ReadStore>(READ_STORE), app.get<Projection[]>(PROJECTIONS), app.get<ContentObjectStore>(CONTENT_OBJECT_STORE), (position, applied) =>
    bar.update(Math.min(1000, perMille(position, head)), {
      events: applied,
      rate: Math.round(applied / Math.max(0.001, (Date.now() - started) / 1000)),
    }),
  );
  bar.update(1000);
  bar.stop();
  const eventsPerSecond = Math.round(result.events / Math.max(result.seconds, 1e-6));
  process.stderr.write(
    `Replayed ${result.events} events in ${result.seconds.toFixed(2)} s (the swap ${result.swapSeconds.toFixed(2)} s): ${eventsPerSecond} events/s\n`,
  );
  print({ events: result.events, seconds: Number(result.seconds.toFixed(3)), swapSeconds: Number(result.swapSeconds.toFixed(3)), eventsPerSecond });
}
