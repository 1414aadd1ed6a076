import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Caller, systemCaller } from '../auth/caller';
import { StoredEvent } from '../event-store/event-store.port';
import { ProjectionProgress } from '../projections/projection-progress';
import { BacklogStart, ProcessHost, RunningProcess } from './process-host';

/**
 * What a reaction does for one event, in the system's name (under the event's correlation id); `false`
 * when it wrote nothing (see ProcessManager.handlers).
 */
export type Reaction = (event: StoredEvent, caller: Caller) => Promise<void | boolean>;

/**
 * A process manager that reacts to other contexts' events by sending its own commands: started where
 * projections run (ProcessHost), with its own checkpoint. Each reaction waits until the read models show
 * its event (reactions read them to find what to act on) and must be safe to run again: after a crash it
 * re-runs from the checkpoint.
 */
export abstract class LogReaction implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: RunningProcess | null = null;

  protected constructor(
    private readonly host: ProcessHost,
    private readonly progress: ProjectionProgress,
    /** Its checkpoint's name. */
    private readonly name: string,
    /** Whether the application waits for its backlog at start (see ProcessHost). */
    private readonly backlog: BacklogStart = 'await',
  ) {}

  /** By event type. */
  protected abstract reactions(): Record<string, Reaction>;

  async onApplicationBootstrap() {
    const handlers = Object.fromEntries(Object.entries(this.reactions()).map(([type, reaction]) => [type, (event: StoredEvent) => this.react(event, reaction)]));
    this.running = await this.host.start({ name: this.name, handlers }, `${this.name} failed; retrying`, this.backlog);
  }

  async onApplicationShutdown() {
    await this.running?.stop();
  }

  /** One event's reaction, as the process runs it (tests call it to show a second run writes nothing). */
  async react(event: StoredEvent, reaction: Reaction = this.reactions()[event.type]): Promise<void | boolean> {
    if (!(await this.progress.waitFor(event.position))) throw new Error(`projections have not reached ${event.position} yet`);
    return reaction(event, systemCaller(event.metadata.correlationId));
  }
}
