import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '@folio/platform/clock';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { DrainLoop } from '@folio/platform/projections/drain-loop';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { DeliveryAttempts } from './delivery-attempt';
import { WebhookDisabling } from './webhook-disabling';
import { DeliveryDoc, INTEGRATIONS_DELIVERIES } from './webhook-delivery.projection';

/** Deliveries in flight at once in this process (one per webhook: a receiver gets one request at a time). */
export const MAX_IN_FLIGHT = 8;
/** Pending deliveries read per scan, the soonest due first. */
const SCAN = 100;
/** After an attempt that threw (a store that failed), its webhook is tried again this much later. */
const AFTER_ERROR_MS = 1000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Sends the pending deliveries, where processes run (ProcessHost): what is pending comes from the read model
 * (the log's record of each delivery), so a restart resumes every delivery where its attempts stood. A scan
 * starts the due ones, soonest first, at most MAX_IN_FLIGHT at once and one per webhook, and sets one timer
 * for the next one due; each attempt ending, a delivery recorded or redelivered scans again. Timers are
 * unref'd (they never keep the process alive); a shutdown cancels the requests in flight (their attempts
 * are not recorded: they are made again after the restart) and waits for them to end.
 */
@Injectable()
export class DeliverySender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDeliveries');
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly busyWebhooks = new Set<string>();
  private readonly shutdown = new AbortController();
  private readonly loop = new DrainLoop(
    () => this.scan(),
    (err) => this.logger.error({ err }, 'scanning the pending deliveries failed; retrying'),
  );
  private timer: NodeJS.Timeout | null = null;
  private timerDue = Infinity;
  private started = false;

  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly attempts: DeliveryAttempts,
    private readonly disabling: WebhookDisabling,
    private readonly clock: Clock,
    private readonly host: ProcessHost,
  ) {}

  onApplicationBootstrap() {
    this.started = this.host.runsHere;
    this.wake();
  }

  async onApplicationShutdown() {
    this.shutdown.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.loop.stop();
    await Promise.all(this.inFlight.values());
  }

  /** Looks for due deliveries (now, or once the scan running has ended). */
  wake(): void {
    if (this.started && !this.shutdown.signal.aborted) void this.loop.kick();
  }

  private async scan(): Promise<boolean> {
    const now = this.clock.now().getTime();
    const page = await this.reads.find<DeliveryDoc>(INTEGRATIONS_DELIVERIES, { filter: { status: 'pending' }, sort: { field: 'nextAttemptAt', direction: 'asc' }, limit: SCAN });
    for (const doc of page.items) {
      if (this.inFlight.size >= MAX_IN_FLIGHT || this.shutdown.signal.aborted) break;
      const due = Date.parse(doc.nextAttemptAt ?? doc.createdAt);
      if (due > now) {
        this.wakeAt(due);
        break;
      }
      if (!this.inFlight.has(doc.id) && !this.busyWebhooks.has(doc.webhookId)) this.start(doc);
    }
    return false;
  }

  private start(doc: DeliveryDoc): void {
    this.busyWebhooks.add(doc.webhookId);
    const work = (async () => {
      let again = 0;
      try {
        const attempted = await this.attempts.attempt(doc.id, this.shutdown.signal);
        if (attempted?.outcome === 'failed') await this.disabling.afterFailure(attempted.webhookId);
      } catch (err) {
        this.logger.error({ err, deliveryId: doc.id }, 'a webhook delivery attempt failed; retrying');
        again = AFTER_ERROR_MS;
      } finally {
        this.inFlight.delete(doc.id);
        this.busyWebhooks.delete(doc.webhookId);
      }
      if (again) this.wakeAt(this.clock.now().getTime() + again);
      else this.wake();
    })();
    this.inFlight.set(doc.id, work);
  }

  /** One timer, for the soonest time a scan is wanted. */
  private wakeAt(due: number): void {
    if (this.shutdown.signal.aborted || due >= this.timerDue) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerDue = Infinity;
      this.wake();
    }, Math.min(MAX_TIMER_MS, Math.max(0, due - this.clock.now().getTime())));
    this.timer.unref();
  }
}
