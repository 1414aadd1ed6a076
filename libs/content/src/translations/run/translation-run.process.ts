import { Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { RunRequest, TranslationRun } from './translation-run';

export const TRANSLATION_RUNS = 'content-translation-runs';

/**
 * The translations' runs: a process manager (its own checkpoint, where projections run) reacting to
 * TranslationRunRequested by running it (TranslationRun), once the read models it reads (the glossary, the
 * target's revisions) show the request. Its checkpoint moves past a request once the run completed or failed,
 * so a run cut by a crash is resumed at the next start (its memory and its revision id make the resumed run
 * send no page twice and write one revision). Runs go one after the other.
 *
 * Its backlog is worked through in the background: a run takes as long as its engine does, and the API
 * answers meanwhile (the translation's status says where the run is). At shutdown the run stops at its next
 * page and resumes at the next start.
 */
@Injectable()
export class TranslationRunProcess extends LogReaction {
  constructor(
    private readonly runs: TranslationRun,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    super(host, progress, TRANSLATION_RUNS, 'background');
  }

  protected reactions() {
    return { TranslationRunRequested: (event: StoredEvent, caller: Caller) => this.runs.run(event.data as unknown as RunRequest, caller) };
  }

  override async onApplicationShutdown() {
    this.runs.interrupt();
    await super.onApplicationShutdown();
  }
}
