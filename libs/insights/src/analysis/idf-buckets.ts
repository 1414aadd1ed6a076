/**
 * The inverse document frequency the cluster index uses: `1 + ln(N + 1) - STEP · bucket(df)`, where
 * `bucket(df) = round(ln(df + 1) / STEP)` and STEP = ln 1.1. It is the smooth IDF `1 + ln((N + 1)/(df + 1))`
 * with `ln(df + 1)` rounded to a multiple of ln 1.1 (an error of at most ln(1.1)/2 ≈ 0.048 on each weight).
 * Why: a term's bucket changes only when its frequency crosses a 10 % step, so the clusters holding it are
 * revisited O(log df) times in all (amortized a constant per issue), and because a bucket is an integer, the
 * sums a cluster keeps to know its norm (see cluster-norm.ts) are exact integers: removing an issue restores
 * them bit for bit, and no float drift accumulates over a long log.
 */
export const IDF_STEP = Math.log(1.1);

export const dfBucket = (documentFrequency: number): number => Math.round(Math.log(documentFrequency + 1) / IDF_STEP);

/** The part of every term's IDF that depends only on the number of issues indexed. */
export const idfBase = (issues: number): number => 1 + Math.log(issues + 1);

export const idf = (issues: number, bucket: number): number => idfBase(issues) - IDF_STEP * bucket;
