import { Metric, Registry } from 'prom-client';

/** One label set's observations, counted with additions only: what the hot path pays. */
export class Observations {
  count = 0;
  /**
   * The sum, in a typed array: a number field took a new heap number on every observation, stored into this
   * long-lived object, which kept about a tenth of the young generation alive through its collections (the
   * requests made between two of them, promoted, then left for a full collection).
   */
  private readonly total = new Float64Array(1);
  /** Per bucket, the observations that fell in it (not yet cumulative); the last is +Inf. */
  private readonly counts: number[];

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  observe(value: number) {
    // A handful of bounds: a linear scan beats a binary search's bookkeeping.
    this.count++;
    this.total[0] += value;
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]) i++;
    this.counts[i]++;
  }

  reset() {
    this.count = 0;
    this.total[0] = 0;
    this.counts.fill(0);
  }

  get sum(): number {
    return this.total[0];
  }

  /** The cumulative bucket counts Prometheus expects, `le` ascending, +Inf last. */
  cumulative(): number[] {
    let total = 0;
    return this.counts.map((n) => (total += n));
  }
}

/**
 * A Prometheus histogram whose observations are plain additions on an Observations the caller keeps (the
 * label set looked up once), read only when the registry is scraped. prom-client's own Histogram
 * re-validates and re-hashes the labels on every observation, which costs a request several times the
 * work of the rest of the measuring. Registered as a prom-client metric (same text format).
 */
export class ObservedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Observations[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** A new label set; the caller keeps it and observes on it. */
  labelled(labels: Record<string, string>): Observations {
    const series = new Observations(labels, this.bounds);
    this.series.push(series);
    return series;
  }

  all(): readonly Observations[] {
    return this.series;
  }

  /** What the registry reads at scrape time, as prom-client's histograms answer it. */
  async get() {
    const le = [...this.bounds, '+Inf'];
    const values = this.series.flatMap((s) => [
      ...s.cumulative().map((value, i) => ({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: le[i] }, value })),
      { metricName: `${this.name}_sum`, labels: s.labels, value: s.sum },
      { metricName: `${this.name}_count`, labels: s.labels, value: s.count },
    ]);
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** Every series present from now on is the caller's: they are zeroed, never dropped. */
  reset() {
    for (const series of this.series) series.reset();
  }
}
