import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainEvent } from '../domain/decider';
import { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { Given, GivenLog, storedEvents } from './projection-spec';

/** What `useProjectedReadStore` hands a spec: the store, and how to fill it. */
export interface ProjectedReadStore {
  readonly reads: SqliteReadStore;
  /** Projects the test's log (once per test) through the real runner, as the live process would. */
  given<E extends DomainEvent>(events: Given<E>[]): Promise<void>;
}

/**
 * A real (SQLite) read store on a fresh temporary file before each test, holding what `projections` make
 * of the given events, and deleted after it: for specs of the query handlers that read those read models,
 * so that they read what the projections write rather than documents a spec made up.
 */
export function useProjectedReadStore(prefix: string, projections: Projection[]): ProjectedReadStore {
  let dir = '';
  let reads: SqliteReadStore | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    reads = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await reads?.close();
    reads = null;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get reads() {
      if (!reads) throw new Error('the projected read store is open only inside its tests and hooks');
      return reads;
    },
    async given(events) {
      await new ProjectionRunner(new GivenLog(storedEvents(events)), this.reads, projections).catchUp();
    },
  };
}
