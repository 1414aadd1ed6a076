import { comparePositions, EventStore } from '../event-store/event-store.port';
import { ReadStore } from '../read-store/read-store.port';
import { Projection } from './projection';

export interface ProjectionStatus {
  position: string | null;
  /** Distance to the head of the log in log positions (events for SQLite, bytes for EventStoreDB). */
  lag: string;
}

/**
 * How far the projections have come. Command handlers wait on it for read-your-writes; /health and
 * `cli projections status` report it. The runner (embedded mode, projector) and the checkpoint follower
 * (API replicas in distributed mode) both answer it.
 */
export abstract class ProjectionProgress {
  /** Resolves true once every projection has applied `position`, false after `timeoutMs`. */
  abstract waitFor(position: string, timeoutMs?: number): Promise<boolean>;

  constructor(
    protected readonly events: EventStore,
    protected readonly reads: ReadStore,
    protected readonly projections: Projection[],
  ) {}

  async status(): Promise<Record<string, ProjectionStatus>> {
    const head = await this.events.headPosition();
    const positions = await this.reads.checkpoints(this.projections.map((p) => p.name));
    return Object.fromEntries(this.projections.map((p, i) => [p.name, { position: positions[i], lag: lag(head, positions[i]) }]));
  }
}

export function lag(head: string | null, position: string | null): string {
  if (comparePositions(position, head) >= 0) return '0';
  return (BigInt(head ?? 0) - BigInt(position ?? 0)).toString();
}

export const DEFAULT_WAIT_MS = 5000;

/** Waits on checkpoints written by another process (the projector), polling the read store. */
export class CheckpointFollower extends ProjectionProgress {
  async waitFor(position: string, timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoints = await this.reads.checkpoints(this.projections.map((p) => p.name));
      if (checkpoints.every((c) => comparePositions(c, position) >= 0)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
