// How soon a process hears another process's append to the embedded event store (its watcher polls
// SQLite's data_version): the foundation issue's bound, measured here rather than in a timed test.
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';

const SAMPLES = 21;

export interface AppendNoticeFigures {
  samples: number;
  p50Ms: number;
  maxMs: number;
}

export async function measureAppendNotice(dir: string): Promise<AppendNoticeFigures> {
  const file = join(dir, 'notice-events.db');
  const [listening, writing] = [new SqliteEventStore(file), new SqliteEventStore(file)];
  const delays: number[] = [];
  // The store's watcher is unref'd (it must not hold a CLI open): something must keep this process
  // alive while it waits to hear an append.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    for (let i = 0; i < SAMPLES; i++) {
      const heard = new Promise<void>((resolve) => {
        const stop = listening.onAppended(() => {
          stop();
          resolve();
        });
      });
      const before = performance.now();
      await writing.append(`notice-${i}`, [
        {
          eventId: `notice-${i}`,
          type: 'NoticeMeasured',
          data: {},
          metadata: { actor: 'system', source: 'system', correlationId: 'bench', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ], 'no-stream');
      await heard;
      delays.push(performance.now() - before);
    }
  } finally {
    clearInterval(keepAlive);
    await listening.close();
    await writing.close();
  }
  delays.sort((a, b) => a - b);
  return { samples: SAMPLES, p50Ms: delays[Math.floor(SAMPLES / 2)], maxMs: delays[SAMPLES - 1] };
}
