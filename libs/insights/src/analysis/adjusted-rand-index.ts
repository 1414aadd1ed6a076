/**
 * The adjusted Rand index (Hubert & Arabie, 1985) between two groupings of the same items, given as each
 * item's group in one and in the other: 1 for identical groupings (up to naming), about 0 for a grouping no
 * better than chance, negative below it. Used to score clustering against a hand-labelled corpus.
 */
export function adjustedRandIndex(truth: readonly string[], found: readonly string[]): number {
  if (truth.length !== found.length) throw new Error('both groupings must cover the same items');
  const n = truth.length;
  const pairs = (k: number) => (k * (k - 1)) / 2;
  const cells = new Map<string, number>();
  const rows = new Map<string, number>();
  const columns = new Map<string, number>();
  for (let i = 0; i < n; i += 1) {
    // JSON of the pair: no separator a group name could contain.
    const cell = JSON.stringify([truth[i], found[i]]);
    cells.set(cell, (cells.get(cell) ?? 0) + 1);
    rows.set(truth[i], (rows.get(truth[i]) ?? 0) + 1);
    columns.set(found[i], (columns.get(found[i]) ?? 0) + 1);
  }
  const sumPairs = (counts: Map<string, number>) => [...counts.values()].reduce((sum, k) => sum + pairs(k), 0);
  const index = sumPairs(cells);
  const rowPairs = sumPairs(rows);
  const columnPairs = sumPairs(columns);
  const expected = (rowPairs * columnPairs) / pairs(n);
  const max = (rowPairs + columnPairs) / 2;
  // Both groupings all one group, or all singletons: they agree perfectly, and the formula is 0/0.
  if (max === expected) return 1;
  return (index - expected) / (max - expected);
}
