import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { ProjectionProgress } from '../projections/projection-progress';
import { ProjectionRunner } from '../projections/projection-runner';
import { READ_STORE, ReadStore } from '../read-store/read-store.port';
import { ProcessManager, ProcessRunner } from './process-runner';

/** A process manager the host started: stop it with the application. */
export interface RunningProcess {
  stop(): Promise<void>;
}

/**
 * Starts process managers where projections run (the embedded API, the projector), never where they are
 * only followed (the CLI, an API replica in distributed mode): one process acting on the log is enough, and
 * two would race each other. A failed reaction is logged and retried from the checkpoint.
 */
@Injectable()
export class ProcessHost {
  constructor(
    private readonly progress: ProjectionProgress,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** Resolves once the log as it stands has been worked through; null where processes do not run. */
  async start(process: ProcessManager, failure: string): Promise<RunningProcess | null> {
    if (!(this.progress instanceof ProjectionRunner)) return null;
    const logger = new Logger(process.name);
    const runner = new ProcessRunner(this.events, this.reads, process, { onError: (_name, err) => logger.error({ err }, failure) });
    await runner.start();
    return runner;
  }
}
