// autocannon, reduced to the figures the report needs. A warm-up run (results discarded) comes first so
// the measured run sees JIT-compiled code and open connections, not start-up cost.
import autocannon from 'autocannon';

export interface LoadFigures {
  /** Completed responses per second over the measured run (any status). */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  /** Connection errors, timeouts included: requests that never got a response. */
  errors: number;
  statusCodes: Record<string, number>;
}

export type LoadOptions = Omit<autocannon.Options, 'duration'>;

/** Runs the warm-up, then the measured run; returns both (the warm-up's figures count for correctness checks). */
export async function measure(
  label: string,
  options: LoadOptions,
  seconds: number,
  warmupSeconds: number,
): Promise<{ measured: LoadFigures; warmup: LoadFigures | null }> {
  let warmup: LoadFigures | null = null;
  if (warmupSeconds > 0) {
    process.stderr.write(`  ${label}: warm-up ${warmupSeconds} s…\n`);
    warmup = figures(await autocannon({ ...options, duration: warmupSeconds }));
  }
  process.stderr.write(`  ${label}: measuring ${seconds} s at ${options.connections} connections…\n`);
  const measured = figures(await autocannon({ ...options, duration: seconds }));
  return { measured, warmup };
}

function figures(result: autocannon.Result): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
  };
}
