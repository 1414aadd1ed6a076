import { IDF_STEP, idfBase } from './idf-buckets';

/**
 * What a cluster keeps to know the norm of its TF-IDF vector under any number of issues, without visiting
 * its terms: with `c` a term's count in the cluster, `k` its df bucket and `a = idfBase(N)`, the squared norm
 * `Σ c²(a - STEP·k)²` is `a²·Σc² - 2a·STEP·Σc²k + STEP²·Σc²k²`. The three sums are integers (counts and
 * buckets are), updated when a count changes (one term) or a term's bucket changes (its postings).
 */
export interface ClusterNorm {
  /** Σ c² */
  s0: number;
  /** Σ c²·k */
  s1: number;
  /** Σ c²·k² */
  s2: number;
}

/** Adds the contribution of a term whose squared count changed by `squareDelta`, at bucket `bucket`. */
export function addSquare(norm: ClusterNorm, squareDelta: number, bucket: number): void {
  norm.s0 += squareDelta;
  norm.s1 += squareDelta * bucket;
  norm.s2 += squareDelta * bucket * bucket;
}

/** Moves a term of count `count` from one bucket to another. */
export function moveBucket(norm: ClusterNorm, count: number, from: number, to: number): void {
  const square = count * count;
  norm.s1 += square * (to - from);
  norm.s2 += square * (to * to - from * from);
}

export function clusterNorm(norm: ClusterNorm, issues: number): number {
  const a = idfBase(issues);
  const squared = a * a * norm.s0 - 2 * a * IDF_STEP * norm.s1 + IDF_STEP * IDF_STEP * norm.s2;
  return Math.sqrt(Math.max(0, squared));
}
