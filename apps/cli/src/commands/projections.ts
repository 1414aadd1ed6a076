import { SingleBar } from 'cli-progress';
import { FolioConfig } from '@folio/platform/config/config';
import { EventStore } from '@folio/platform/event-store/event-store.port';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { rebuildProjections } from '@folio/platform/projections/rebuild';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { openEventStore, openObjectStore, openReadStore } from '@folio/platform/stores';
import { allProjections } from '../../../api/src/projections';
import { print } from '../cli-io';
import { CommandGroup } from '../subcommand';

/** Per-mille of the way to the head, by position (positions are not event counts in EventStoreDB). */
function perMille(position: string, head: string): number {
  const h = BigInt(head);
  return h === 0n ? 1000 : Number((BigInt(position) * 1000n) / h);
}

export const projections: CommandGroup = {
  rebuild: { summary: 'replay the log into fresh read models and swap them in', runAlone: (config) => rebuild(config) },
  status: {
    summary: "each projection's position and lag",
    run: async (app) => print(await app.get(ProjectionProgress).status()),
  },
};

/**
 * Progress goes to stderr as a bar; the figures, once done, to stdout. The stores are all it needs: no
 * application context, and no catching up of the live read models first (the swap replaces them).
 */
async function rebuild(config: FolioConfig) {
  const events = await openEventStore(config);
  try {
    const reads = await openReadStore(config);
    try {
      const objects = await openObjectStore(config);
      try {
        await rebuildWithProgress(events, reads, objects);
      } finally {
        await objects.close();
      }
    } finally {
      await reads.close();
    }
  } finally {
    await events.close();
  }
}

async function rebuildWithProgress(events: EventStore, reads: ReadStore, objects: ContentObjectStore) {
  const head = (await events.headPosition()) ?? '0';
  const bar = new SingleBar({
    stream: process.stderr,
    format: 'Rebuilding read models [{bar}] {percentage}% | {events} events | {rate} events/s',
    hideCursor: true,
  });
  bar.start(1000, 0, { events: 0, rate: 0 });
  const started = Date.now();
  const result = await rebuildProjections(events, reads, allProjections, objects, (position, applied) =>
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
