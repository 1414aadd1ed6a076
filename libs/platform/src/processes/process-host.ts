import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { lag, ProjectionProgress } from '../projections/projection-progress';
import { ProjectionRunner } from '../projections/projection-runner';
import { READ_STORE, ReadStore } from '../read-store/read-store.port';
import { ProcessManager, ProcessRunner } from './process-runner';

/**
 * When a process works through the log as it stands at start: before the application goes on (`await`,
 * what processes whose reactions are quick do, so that the API listens with their work done), or once it
 * is up (`background`: reactions that fetch and parse would hold the API from listening for as long).
 */
export type BacklogStart = 'await' | 'background';

/** A process manager the host started: stop it with the application. */
export interface RunningProcess {
  stop(): Promise<void>;
}

/** How far a process has worked through the log, and how much of it (in log positions) it has yet to. */
export interface ProcessStatus {
  position: string | null;
  queue: string;
}

/**
 * Starts process managers where projections run (the embedded API, the projector), never where they are
 * only followed (the CLI, an API replica in distributed mode): one process acting on the log is enough, and
 * two would race each other. A failed reaction is logged and retried from the checkpoint.
 */
@Injectable()
export class ProcessHost {
  /** Every process asked to start, by checkpoint name, with its runner where it runs here. */
  private readonly processes = new Map<string, ProcessRunner | null>();

  constructor(
    private readonly progress: ProjectionProgress,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** Whether processes run in this process (for background work not driven by the log alone, a timer's). */
  get runsHere(): boolean {
    return this.progress instanceof ProjectionRunner;
  }

  /** Resolves once the log as it stands has been worked through (or at once, `background`); null where processes do not run. */
  async start(process: ProcessManager, failure: string, backlog: BacklogStart = 'await'): Promise<RunningProcess | null> {
    this.processes.set(process.name, null);
    if (!this.runsHere) return null;
    const logger = new Logger(process.name);
    const runner = new ProcessRunner(this.events, this.reads, process, { onError: (_name, err) => logger.error({ err }, failure) });
    this.processes.set(process.name, runner);
    const started = runner.start();
    if (backlog === 'await') await started;
    return runner;
  }

  /**
   * Every process this application started (or, where processes run elsewhere, would have): from its
   * checkpoint in the read store, which every instance shares, or from its runner here when that is ahead.
   */
  async status(): Promise<Map<string, ProcessStatus>> {
    const names = [...this.processes.keys()];
    const head = await this.events.headPosition();
    const checkpoints = await this.reads.checkpoints(names);
    return new Map(
      names.map((name, i) => {
        const position = this.processes.get(name)?.reached(checkpoints[i]) ?? checkpoints[i];
        return [name, { position, queue: lag(head, position) }];
      }),
    );
  }
}
