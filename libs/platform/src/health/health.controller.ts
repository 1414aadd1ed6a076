import { Controller, Get, Inject, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { Public } from '../http/public.decorator';
import { ProjectionProgress } from '../projections/projection-progress';
import { READ_STORE, ReadStore } from '../read-store/read-store.port';
import { StoreUnanswered } from '../store-deadline';

/** How long a health check gives the projections to reach the head it saw. */
const CATCH_UP_MS = 1000;

/** A store's state: `no answer` when it did not answer its ping in time (stalled, or unreachable and still trying). */
type StoreState = 'up' | 'down' | 'no answer';

async function stateOf(ping: Promise<boolean>): Promise<StoreState> {
  try {
    return (await ping) ? 'up' : 'down';
  } catch (error) {
    return error instanceof StoreUnanswered ? 'no answer' : 'down';
  }
}

/**
 * `GET /health`, outside `/v1` and without a token: 200 when stores answer and projections keep up.
 * `GET /health/ready` is the same check under the name probes and load balancers look for;
 * `GET /health/live` only says the process answers (no store call), so a stalled store makes a replica
 * unready, not a candidate for a restart.
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly progress: ProjectionProgress,
  ) {}

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    // Each ping is bounded by its adapter (STORE_PING_MS), so a stalled store cannot hold the answer.
    const [events, reads] = await Promise.all([stateOf(this.events.ping()), stateOf(this.reads.ping())]);
    const eventsUp = events === 'up';
    const readsUp = reads === 'up';
    let caughtUp = false;
    let projections = {};
    if (eventsUp && readsUp) {
      const head = await this.events.headPosition();
      caughtUp = head === null || (await this.progress.waitFor(head, CATCH_UP_MS));
      projections = await this.progress.status();
    }
    const ok = eventsUp && readsUp && caughtUp;
    void reply.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'unavailable',
      stores: { events, reads },
      projections,
    };
  }

  @Public()
  @Get('ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.health(reply);
  }

  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }
}
