/** After a failed pass, the loop tries again this much later (the failure may be passing: a lock, a restart). */
const RETRY_AFTER_ERROR_MS = 1000;

/**
 * The loop shared by the projection runner and process runners: `pass` is called until it answers that
 * it reached the end of the log as it read it (a batch short of full); a kick while a drain runs makes it
 * go round once more (an append may have landed after its last read), so no append is ever left unworked;
 * a failure is reported and retried a second later.
 */
export class DrainLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pass: () => Promise<boolean>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** A drain is running: it goes round for every kick made meanwhile. */
  get isRunning(): boolean {
    return this.running !== null;
  }

  /** Starts a drain, or asks the running one to go round once more; resolves when that drain ends. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.pass()));
        } while (this.again && !this.stopped);
      } catch (error) {
        this.onError(error);
        this.retryTimer = setTimeout(() => void this.kick(), RETRY_AFTER_ERROR_MS);
        this.retryTimer.unref();
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** No new drain starts; resolves once the running one has finished its pass. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.running;
  }
}
