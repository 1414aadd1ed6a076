// autocannon, reduced to the figures the report needs. A warm-up run (results discarded) comes first so
// the measured run sees JIT-compiled code and open connections, not start-up cost.
import autocannon from 'autocannon';
import { cpuSeconds } from './process-stats';

export interface LoadFigures {
  /** Completed responses per second over the measured run (any status). */
  rps: number;
  /** Latency percentiles of 2xx responses, in milliseconds with sub-millisecond precision. */
  p50Ms: number;
  p99Ms: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  /** Connection errors, timeouts included: requests that never got a response. */
  errors: number;
  statusCodes: Record<string, number>;
  /** The server's CPU time (user + system) over the measured run, per completed request, in µs; NaN when not asked. */
  cpuUsPerRequest: number;
}

export type LoadOptions = Omit<autocannon.Options, 'duration'>;

/**
 * The load of the reads whose server CPU is compared with the yardstick's (bench/plain-nest.ts): the same
 * connections and durations for every GET so compared, since CPU per request falls as more requests share a wake-up.
 */
export const READ_LOAD = { connections: 32, seconds: 8, warmupSeconds: 2 };

/**
 * Runs the warm-up, then the measured run; returns both (the warm-up's figures count for correctness checks).
 * `serverPid`: the server's process, whose CPU time over the measured run is divided among its requests.
 */
export async function measure(
  label: string,
  options: LoadOptions,
  seconds: number,
  warmupSeconds: number,
  serverPid?: number,
): Promise<{ measured: LoadFigures; warmup: LoadFigures | null }> {
  let warmup: LoadFigures | null = null;
  if (warmupSeconds > 0) {
    process.stderr.write(`  ${label}: warm-up ${warmupSeconds} s…\n`);
    warmup = await run({ ...options, duration: warmupSeconds });
  }
  process.stderr.write(`  ${label}: measuring ${seconds} s at ${options.connections} connections…\n`);
  const cpuBefore = serverPid === undefined ? NaN : cpuSeconds(serverPid);
  const measured = await run({ ...options, duration: seconds });
  if (serverPid !== undefined) measured.cpuUsPerRequest = ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / measured.total;
  return { measured, warmup };
}

/**
 * autocannon's own latency histogram stores whole milliseconds, which reads "0 ms / 1 ms" for a local
 * GET; its 'response' event carries the exact time, so the percentiles are computed from those instead.
 */
function run(options: autocannon.Options): Promise<LoadFigures> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(figures(result, latencies))));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

function figures(result: autocannon.Result, latencies: number[]): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.total / result.duration,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    cpuUsPerRequest: NaN,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
