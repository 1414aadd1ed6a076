import { ClusterIndexState, DEFAULT_SIMILARITY_THRESHOLD, IssueVector, Placement } from './issue-clustering';
import { dfBucket, idf } from './idf-buckets';
import { ClusterNorm, addSquare, clusterNorm, moveBucket } from './cluster-norm';
import { sortedTerms } from './sorted-terms';

interface TermEntry {
  /** Issues holding the term. */
  df: number;
  bucket: number;
  /** Cluster id → the term's count in the cluster (the sum over its issues). */
  postings: Map<string, number>;
}

interface ClusterEntry extends ClusterNorm {
  issues: number;
}

export interface ClusterIndexOptions {
  threshold?: number;
  /** A term held by more clusters than this generates no candidates (it still counts in their exact cosine). */
  maxPostings?: number;
  /** How many candidates, best by their partial score, get an exact cosine. */
  exactCandidates?: number;
}

type Candidate = { clusterId: string; score: number };

const byScoreThenId = (a: Candidate, b: Candidate) =>
  b.score - a.score || (a.clusterId < b.clusterId ? -1 : a.clusterId > b.clusterId ? 1 : 0);

/**
 * The clusters of issues, by TF-IDF cosine (IDF over the issues indexed, see idf-buckets.ts), through an
 * inverted index term → clusters. Placing an issue visits the postings of its terms held by at most
 * `maxPostings` clusters (candidate generation, scored by their share of the dot product), then computes the
 * exact cosine, over all the issue's terms, for the best `exactCandidates` only; a cluster's norm comes from
 * three integer sums it keeps (cluster-norm.ts). So placing costs at most terms × (maxPostings +
 * exactCandidates) visits, whatever the number of clusters. Approximation: a cluster sharing only
 * widespread terms with the issue is no candidate (an issue made only of such terms founds a cluster).
 * Deterministic: candidates are ranked by score then cluster id, sums run in term order, and no result
 * depends on Map iteration order.
 */
export class ClusterIndex implements ClusterIndexState {
  private readonly terms = new Map<string, TermEntry>();
  private readonly clusters = new Map<string, ClusterEntry>();
  private issues = 0;
  private readonly threshold: number;
  private readonly maxPostings: number;
  private readonly exactCandidates: number;
  /** Postings and candidate terms visited by `place` since the index was made: its cost, for tests. */
  visits = 0;

  constructor(options: ClusterIndexOptions = {}) {
    this.threshold = options.threshold ?? DEFAULT_SIMILARITY_THRESHOLD;
    this.maxPostings = options.maxPostings ?? 256;
    this.exactCandidates = options.exactCandidates ?? 8;
  }

  get clusterCount(): number {
    return this.clusters.size;
  }

  get issueCount(): number {
    return this.issues;
  }

  place(issue: IssueVector): Placement {
    const known = sortedTerms(issue).map(([term, count]) => {
      const entry = this.terms.get(term);
      return { count, entry, weight: idf(this.issues, entry?.bucket ?? 0) };
    });
    const issueNorm = Math.sqrt(known.reduce((sum, { count, weight }) => sum + (count * weight) ** 2, 0));
    const best = issueNorm > 0 ? this.bestCandidate(known, issueNorm) : undefined;
    if (best && best.score > this.threshold) return { clusterId: best.clusterId, founded: false, similarity: best.score };
    return { clusterId: issue.issueId, founded: true, similarity: 1 };
  }

  add(clusterId: string, issue: IssueVector): void {
    const terms = sortedTerms(issue);
    let cluster = this.clusters.get(clusterId);
    if (!cluster) this.clusters.set(clusterId, (cluster = { issues: 0, s0: 0, s1: 0, s2: 0 }));
    this.issues += 1;
    cluster.issues += 1;
    for (const [term, count] of terms) {
      let entry = this.terms.get(term);
      if (!entry) this.terms.set(term, (entry = { df: 0, bucket: dfBucket(0), postings: new Map() }));
      this.setDf(entry, entry.df + 1);
      const before = entry.postings.get(clusterId) ?? 0;
      const after = before + count;
      addSquare(cluster, after * after - before * before, entry.bucket);
      entry.postings.set(clusterId, after);
    }
  }

  remove(clusterId: string, issue: IssueVector): void {
    const terms = sortedTerms(issue);
    const cluster = this.clusters.get(clusterId);
    // Checked before anything changes: removing what was never added would corrupt the sums.
    if (!cluster || terms.some(([term, count]) => (this.terms.get(term)?.postings.get(clusterId) ?? 0) < count)) {
      throw new Error(`issue ${issue.issueId} is not in cluster ${clusterId}`);
    }
    for (const [term, count] of terms) {
      const entry = this.terms.get(term)!;
      const before = entry.postings.get(clusterId)!;
      const after = before - count;
      addSquare(cluster, after * after - before * before, entry.bucket);
      if (after === 0) entry.postings.delete(clusterId);
      else entry.postings.set(clusterId, after);
      this.setDf(entry, entry.df - 1);
      if (entry.df === 0) this.terms.delete(term);
    }
    this.issues -= 1;
    cluster.issues -= 1;
    if (cluster.issues === 0) this.clusters.delete(clusterId);
  }

  /** Changes a term's df; when its bucket moves, the clusters holding it move their sums (amortized O(1)). */
  private setDf(entry: TermEntry, df: number): void {
    entry.df = df;
    const bucket = dfBucket(df);
    if (bucket === entry.bucket) return;
    for (const [clusterId, count] of entry.postings) moveBucket(this.clusters.get(clusterId)!, count, entry.bucket, bucket);
    entry.bucket = bucket;
  }

  private bestCandidate(
    known: Array<{ count: number; entry: TermEntry | undefined; weight: number }>,
    issueNorm: number,
  ): Candidate | undefined {
    const held = known.filter((term) => term.entry);
    if (held.length === 0) return undefined;
    const generating = held.filter(({ entry }) => entry!.postings.size <= this.maxPostings);
    const partial = new Map<string, number>();
    for (const { count, entry, weight } of generating) {
      for (const [clusterId, clusterCount] of entry!.postings) {
        this.visits += 1;
        partial.set(clusterId, (partial.get(clusterId) ?? 0) + count * clusterCount * weight * weight);
      }
    }
    const ranked: Candidate[] = [];
    for (const [clusterId, dot] of partial) ranked.push({ clusterId, score: dot / this.norm(clusterId) });
    const exact = ranked
      .sort(byScoreThenId)
      .slice(0, this.exactCandidates)
      .map(({ clusterId }) => {
        let dot = 0;
        for (const { count, entry, weight } of held) {
          this.visits += 1;
          dot += count * (entry!.postings.get(clusterId) ?? 0) * weight * weight;
        }
        return { clusterId, score: Math.min(1, dot / (issueNorm * this.norm(clusterId))) };
      });
    return exact.sort(byScoreThenId)[0];
  }

  private norm(clusterId: string): number {
    return clusterNorm(this.clusters.get(clusterId)!, this.issues);
  }
}
