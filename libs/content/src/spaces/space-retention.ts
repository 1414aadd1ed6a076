import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller, systemCaller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { newEventId } from '@folio/platform/ids';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { spaceDecider } from './space.decider';
import { spaceStream } from './space.events';
import { SpaceReads } from './space.reads';

/**
 * The 7-day rule (`retentionExpired`, in the decider) is enforced three ways: restore refuses past it,
 * reads answer 404 past it (whether or not the sweep has run), and this sweep appends `SpacePurged`
 * so the read model forgets the space. The log keeps its history.
 */
export class PurgeExpiredSpaces extends Command<{ purged: string[] }> {
  constructor(readonly caller: Caller = systemCaller(`purge-${newEventId()}`)) {
    super();
  }
}

@CommandHandler(PurgeExpiredSpaces)
export class PurgeExpiredSpacesHandler implements ICommandHandler<PurgeExpiredSpaces> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
  ) {}

  async execute({ caller }: PurgeExpiredSpaces) {
    const purged: string[] = [];
    for (;;) {
      const batch = await this.spaces.expiredBatch();
      let progressed = false;
      for (const space of batch) {
        try {
          const { events } = await this.aggregates.handle(spaceStream(space.id), spaceDecider, { type: 'PurgeSpace' }, caller);
          if (events.length) {
            purged.push(space.id);
            progressed = true;
          }
        } catch (error) {
          if (!(error instanceof NotFound)) throw error;
        }
      }
      // A batch that purged nothing (restored or purged by another sweep meanwhile) ends the sweep.
      if (!progressed || batch.length === 0) return { purged };
    }
  }
}

export const PURGE_EVERY_MS = 60_000;

/**
 * Runs the sweep every minute in processes that apply projections (the embedded API and the
 * projector-side runner), so one writer sweeps where the read model is local. Sweeps never overlap.
 */
@Injectable()
export class SpacePurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('space-retention');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly commands: CommandBus,
    private readonly progress: ProjectionProgress,
  ) {}

  onApplicationBootstrap() {
    if (!(this.progress instanceof ProjectionRunner)) return;
    this.timer = setInterval(() => this.sweep(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private sweep() {
    if (this.running) return;
    this.running = this.commands
      .execute(new PurgeExpiredSpaces())
      .then(({ purged }) => purged.length && this.logger.log({ purged }, 'purged expired spaces'))
      .catch((err) => this.logger.error({ err }, 'space purge failed'))
      .finally(() => (this.running = null));
  }
}
