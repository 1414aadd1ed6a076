import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { systemCaller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { ProcessHost, RunningProcess } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { RunRequest, TranslationRun } from './translation-run';

export const TRANSLATION_RUNS = 'content-translation-runs';

/**
 * The translations' runs: a process manager (its own checkpoint, where projections run) reacting to
 * TranslationRunRequested by running it (TranslationRun). Its checkpoint moves past a request once the run
 * completed or failed, so a run cut by a crash is resumed at the next start (its memory and its revision
 * id make the resumed run send no page twice and write one revision). Runs go one after the other.
 *
 * Started without holding the application's start: a run takes as long as its engine does, and the API
 * answers meanwhile (the translation's status says where the run is).
 */
@Injectable()
export class TranslationRunProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TranslationRunProcess.name);
  private running: Promise<RunningProcess | null> | null = null;

  constructor(
    private readonly host: ProcessHost,
    private readonly progress: ProjectionProgress,
    private readonly runs: TranslationRun,
  ) {}

  onApplicationBootstrap() {
    this.running = this.host.start({ name: TRANSLATION_RUNS, handlers: { TranslationRunRequested: (event) => this.react(event) } }, 'translation run failed; retrying');
    this.running.catch((err: unknown) => this.logger.error({ err }, 'translation runs could not start'));
  }

  async onApplicationShutdown() {
    this.runs.interrupt();
    await (await this.running?.catch(() => null))?.stop();
  }

  /** One request's run (tests call it to show a second run writes nothing). */
  async react(event: StoredEvent): Promise<void> {
    // The run reads the read models (the glossary, the target's revisions): they must show its request first.
    if (!(await this.progress.waitFor(event.position))) throw new Error(`projections have not reached ${event.position} yet`);
    await this.runs.run(event.data as unknown as RunRequest, systemCaller(event.metadata.correlationId));
  }
}
