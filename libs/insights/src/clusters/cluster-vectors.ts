/** Term vectors as the clusters projection keeps them (hashed term → count; keys are hex digests, never a prototype's name). */
export type TermVector = Record<string, number>;

export function cosine(a: TermVector, b: TermVector): number {
  let dot = 0;
  for (const [term, count] of Object.entries(a)) dot += count * (b[term] ?? 0);
  if (dot === 0) return 0;
  return dot / (norm(a) * norm(b));
}

const norm = (v: TermVector) => Math.sqrt(Object.values(v).reduce((sum, x) => sum + x * x, 0));

/** `base` plus (`sign` 1) or minus (-1) `v`, terms at zero left out, keys sorted (a rebuild writes the same document). */
export function addVector(base: TermVector, v: TermVector, sign: 1 | -1): TermVector {
  const out = new Map(Object.entries(base));
  for (const [term, count] of Object.entries(v)) out.set(term, (out.get(term) ?? 0) + sign * count);
  return Object.fromEntries([...out].filter(([, x]) => x !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The key of `counts` with the highest count, ties to the smallest key; null when empty. */
export function topKey(counts: TermVector): string | null {
  let best: string | null = null;
  for (const [key, count] of Object.entries(counts)) {
    if (best === null || count > counts[best] || (count === counts[best] && key < best)) best = key;
  }
  return best;
}

/** The Monday (UTC) of the week of `iso`, as YYYY-MM-DD: the weekly pulse's buckets. */
export function weekOf(iso: string | Date): string {
  const day = new Date(iso);
  const monday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - ((day.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
}
