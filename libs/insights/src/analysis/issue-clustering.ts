/**
 * Clustering of issues (analysis/cluster-index.ts implements it): an issue joins the nearest cluster by
 * TF-IDF cosine similarity of its terms, when above the threshold, else founds a new one. The index is
 * inverted (term → clusters holding it), so placing one issue costs what its terms' postings cost, not the
 * number of clusters. Deterministic: the same issues added and removed in the same order give the same
 * assignments, so recording the assignments in the log makes a rebuild give the same clusters.
 */
export interface IssueVector {
  issueId: string;
  terms: Record<string, number>;
}

export interface Placement {
  /** The cluster joined, or the issue's own id for a cluster it founds. */
  clusterId: string;
  founded: boolean;
  /** Cosine similarity to the cluster joined (1 for a founded one). */
  similarity: number;
}

export interface ClusterIndexState {
  /** Where `issue` goes, given the clusters as they stand; does not change the index. */
  place(issue: IssueVector): Placement;
  /** Records an issue in a cluster (after `place`, or replaying a recorded assignment). */
  add(clusterId: string, issue: IssueVector): void;
  /** Takes an issue out of its cluster (its conversation was erased or re-processed). */
  remove(clusterId: string, issue: IssueVector): void;
}

/** Above this cosine similarity an issue joins a cluster (tuned on the hand-labelled corpus: see clustering-quality.spec.ts). */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.23;
