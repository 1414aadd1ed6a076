import { comparePositions, EventStore, StoredEvent } from '../event-store/event-store.port';
import { DrainLoop } from '../projections/drain-loop';
import { ReadStore } from '../read-store/read-store.port';

/**
 * A process manager: reacts to events of the log by sending commands (which append their own
 * events). Its checkpoint lives in the read store beside the projections', under its own name.
 */
export interface ProcessManager {
  /** Its checkpoint's name: unique among processes and projections. */
  name: string;
  /**
   * What it does for each event type it reacts to; the other types only move its checkpoint. A
   * reaction must be safe to run again: after a crash it re-runs from the last checkpoint. One that
   * answers `false` wrote nothing (a dispatcher finding no subscriber): its event counts as ignored, so
   * it costs no checkpoint write of its own.
   */
  handlers: Record<string, (event: StoredEvent) => Promise<void | boolean>>;
}

export interface ProcessRunnerOptions {
  batchSize?: number;
  onError?: (process: string, error: unknown) => void;
}

/** Another instance moved the checkpoint between our read and our write: read it again. */
class Superseded extends Error {}

/**
 * Feeds the log to one process manager, in order, from its checkpoint. The checkpoint moves past an
 * event only once the reaction to it has returned, so a crash part-way through a reaction re-runs it
 * (whole) at the next start: reactions are written to be idempotent, the runner makes them complete.
 */
export class ProcessRunner {
  private readonly loop = new DrainLoop(
    () => this.pass(),
    (error) => this.options.onError?.(this.process.name, error),
  );
  private unsubscribe: (() => void) | null = null;
  private readonly batchSize: number;
  /**
   * Events read past the stored checkpoint that asked for no reaction. Writing the checkpoint for them
   * after every append would cost a read-store commit per command for nothing; they are saved once a
   * batch of them has gathered (or with the next reaction). A crash re-reads at most that many, harmlessly.
   */
  private idle: { after: string | null; position: string; events: number } | null = null;
  /** The newest position this runner has worked through, saved or idle (null before its first event). */
  private worked: string | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly process: ProcessManager,
    private readonly options: ProcessRunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
  }

  /** Subscribes to appends, and resolves once the log as it stands has been worked through. */
  async start(): Promise<void> {
    this.unsubscribe = this.events.onAppended(() => void this.loop.kick());
    await this.loop.kick();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
  }

  /**
   * How far the process has come: its stored checkpoint, or the idle events this runner has read past it
   * and not yet saved (without them a caught-up process would look up to a batch behind).
   */
  reached(stored: string | null): string | null {
    return comparePositions(this.worked, stored) > 0 ? this.worked : stored;
  }

  /**
   * One batch of the log after the checkpoint (and the idle events past it); true when another pass may
   * find more (a full batch, a checkpoint moved by another instance). A short batch reached the head: an
   * append after it kicks the loop again.
   */
  private async pass(): Promise<boolean> {
    let checkpoint = await this.reads.checkpoint(this.process.name);
    // Another instance moved the checkpoint since: what this one had read past it is theirs now.
    let idle = this.idle?.after === checkpoint ? this.idle : null;
    const events = await this.events.readAll(idle?.position ?? checkpoint, this.batchSize);
    if (events.length === 0) return false;
    try {
      for (const event of events) {
        if (this.loop.isStopped) break;
        const react = this.process.handlers[event.type];
        if (!react || (await react(event)) === false) {
          idle = { after: checkpoint, position: event.position, events: (idle?.events ?? 0) + 1 };
          this.worked = event.position;
          continue;
        }
        checkpoint = await this.save(checkpoint, event.position);
        this.worked = event.position;
        idle = null;
      }
      if (idle && idle.events >= this.batchSize) {
        await this.save(checkpoint, idle.position);
        idle = null;
      }
      this.idle = idle;
    } catch (error) {
      this.idle = null;
      if (error instanceof Superseded) return true;
      throw error;
    }
    return events.length >= this.batchSize;
  }

  private async save(expected: string | null, position: string): Promise<string> {
    await this.reads.transaction(this.process.name, position, async (_tx, current) => {
      if (current !== expected) throw new Superseded();
    });
    return position;
  }
}
