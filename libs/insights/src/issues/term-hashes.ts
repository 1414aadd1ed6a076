import { createHash } from 'node:crypto';

/**
 * What clustering and labels compare, with no word left in clear (a conversation's text is personal
 * data, and terms outlive an erasure in clusters' counts): a lemma or key phrase becomes the first 16 hex
 * digits of its SHA-256 (64 bits: collisions among an organization's vocabulary are negligible, and one
 * would only merge two terms' counts).
 */
export const termHash = (term: string) => createHash('sha256').update(term, 'utf8').digest('hex').slice(0, 16);

/** The extractor's lemma counts, keyed by their hashes (two lemmas of one hash add up). */
export function hashedTerms(terms: Record<string, number>): Record<string, number> {
  const hashed = new Map<string, number>();
  for (const [lemma, count] of Object.entries(terms)) {
    const key = termHash(lemma);
    hashed.set(key, (hashed.get(key) ?? 0) + count);
  }
  // Keys are hex digests (never a prototype's name): a plain object is safe, and it is what events carry.
  return Object.fromEntries([...hashed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
