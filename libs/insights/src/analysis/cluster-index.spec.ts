import { ClusterIndex } from './cluster-index';
import { IssueVector } from './issue-clustering';

const issue = (issueId: string, ...words: string[]): IssueVector => {
  const terms: Record<string, number> = {};
  for (const word of words) terms[word] = (terms[word] ?? 0) + 1;
  return { issueId, terms };
};

/** Places each issue where the index says and records it there; returns the cluster of each. */
const placeAll = (index: ClusterIndex, issues: IssueVector[]) =>
  issues.map((item) => {
    const placement = index.place(item);
    index.add(placement.clusterId, item);
    return placement;
  });

describe('ClusterIndex', () => {
  const sso1 = issue('a', 'sso', 'login', 'loop', 'redirect');
  const sso2 = issue('b', 'sso', 'login', 'loop', 'okta');
  const pdf = issue('c', 'pdf', 'export', 'image', 'missing');
  const pdf2 = issue('d', 'pdf', 'export', 'image', 'blank');

  it('founds a cluster for an issue like none, and joins the nearest one above the threshold', () => {
    const index = new ClusterIndex({ threshold: 0.3 });
    const placements = placeAll(index, [sso1, pdf, sso2, pdf2]);
    expect(placements.map((p) => [p.clusterId, p.founded])).toEqual([['a', true], ['c', true], ['a', false], ['c', false]]);
    expect(placements[2].similarity).toBeGreaterThan(0.3);
    expect(placements[2].similarity).toBeLessThan(1);
    expect(index.clusterCount).toBe(2);
    expect(index.issueCount).toBe(4);
  });

  it('gives similarity 1 to an identical issue, and none to an issue without terms', () => {
    const index = new ClusterIndex();
    index.add('a', sso1);
    expect(index.place({ ...sso1, issueId: 'z' }).similarity).toBeCloseTo(1, 12);
    expect(index.place({ issueId: 'e', terms: {} })).toEqual({ clusterId: 'e', founded: true, similarity: 1 });
  });

  it('does not join below the threshold', () => {
    const index = new ClusterIndex({ threshold: 0.9 });
    index.add('a', sso1);
    expect(index.place(sso2)).toEqual({ clusterId: 'b', founded: true, similarity: 1 });
  });

  it('breaks ties by cluster id, whatever order the clusters came in', () => {
    for (const order of [['y', 'x'], ['x', 'y']]) {
      const index = new ClusterIndex({ threshold: 0.1 });
      for (const id of order) index.add(id, issue(id, 'webhook', 'signature'));
      expect(index.place(issue('q', 'webhook', 'signature')).clusterId).toBe('x');
    }
  });

  it('does not depend on the order of an issue\'s terms', () => {
    const index = new ClusterIndex();
    placeAll(index, [sso1, pdf, sso2]);
    const forward = index.place(issue('q', 'pdf', 'login', 'image', 'sso'));
    const backward = index.place(issue('q', 'sso', 'image', 'login', 'pdf'));
    expect(backward).toEqual(forward);
  });

  it('gives the same placements for the same adds and removes in the same order', () => {
    const run = () => {
      const index = new ClusterIndex();
      const first = placeAll(index, [sso1, pdf, sso2, pdf2]);
      index.remove(first[0].clusterId, sso1);
      const second = placeAll(index, [issue('e', 'sso', 'redirect', 'loop'), issue('f', 'export', 'image')]);
      return [...first, ...second];
    };
    expect(run()).toEqual(run());
  });

  it('remove exactly undoes add: placements afterwards are identical to the bit', () => {
    const probes = [issue('p1', 'sso', 'loop'), issue('p2', 'pdf', 'image', 'okta'), issue('p3', 'export', 'redirect', 'blank')];
    const index = new ClusterIndex({ threshold: 0 });
    placeAll(index, [sso1, pdf, sso2]);
    const before = probes.map((probe) => index.place(probe));
    index.add('a', pdf2);
    index.add('new', issue('n', 'sso', 'pdf', 'fresh'));
    expect(probes.map((probe) => index.place(probe))).not.toEqual(before);
    index.remove('new', issue('n', 'sso', 'pdf', 'fresh'));
    index.remove('a', pdf2);
    expect(probes.map((probe) => index.place(probe))).toEqual(before);
    expect([index.clusterCount, index.issueCount]).toEqual([2, 3]);
  });

  it('drops a cluster whose last issue is removed, and refuses to remove what it does not hold', () => {
    const index = new ClusterIndex();
    index.add('a', sso1);
    expect(() => index.remove('a', pdf)).toThrow(/not in cluster/);
    expect(() => index.remove('b', sso1)).toThrow(/not in cluster/);
    index.remove('a', sso1);
    expect([index.clusterCount, index.issueCount]).toEqual([0, 0]);
    expect(index.place(sso2).founded).toBe(true);
  });

  it('keeps cluster norms right as the IDF shifts: a cosine recomputed from scratch agrees', () => {
    // Many issues move every term's df across buckets; the incremental norm must match a direct computation.
    const index = new ClusterIndex({ threshold: 0 });
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const issues = Array.from({ length: 300 }, (_, n) => issue(`i${n}`, words[n % 5], words[(n * 3) % 5], `own${n}`));
    for (const item of issues) index.add(item.issueId, item); // one cluster per issue
    const probe = issue('probe', 'alpha', 'gamma', 'own7');
    const N = issues.length;
    const df = (term: string) => issues.filter((item) => Object.hasOwn(item.terms, term)).length;
    const weight = (term: string) => 1 + Math.log(N + 1) - Math.log(1.1) * Math.round(Math.log(df(term) + 1) / Math.log(1.1));
    const vector = (item: IssueVector) => new Map(Object.entries(item.terms).map(([term, count]) => [term, count * weight(term)]));
    const cosine = (a: Map<string, number>, b: Map<string, number>) => {
      let dot = 0;
      for (const [term, value] of a) dot += value * (b.get(term) ?? 0);
      const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((sum, x) => sum + x * x, 0));
      return dot / (norm(a) * norm(b));
    };
    const expected = cosine(vector(probe), vector(issues[7]));
    const placement = index.place(probe);
    expect(placement.clusterId).toBe('i7');
    expect(placement.similarity).toBeCloseTo(expected, 10);
  });

  it('costs the same to place an issue among 100 or 10,000 clusters of unrelated terms', () => {
    const visitsAmong = (clusters: number) => {
      const index = new ClusterIndex();
      for (let n = 0; n < clusters; n += 1) index.add(`c${n}`, issue(`c${n}`, `word${n}a`, `word${n}b`, `word${n}c`));
      index.add('sso', sso1);
      index.add('pdf', pdf);
      const start = index.visits;
      const placement = index.place(sso2);
      expect(placement.clusterId).toBe('sso');
      return index.visits - start;
    };
    const small = visitsAmong(100);
    expect(small).toBeGreaterThan(0);
    expect(visitsAmong(10_000)).toBe(small);
  });

  it('stays within terms × (maxPostings + exactCandidates) visits when every cluster shares its terms', () => {
    const visitsAmong = (clusters: number) => {
      const index = new ClusterIndex({ maxPostings: 64, exactCandidates: 8 });
      for (let n = 0; n < clusters; n += 1) index.add(`c${n}`, issue(`c${n}`, 'sso', 'login', `word${n}`));
      const start = index.visits;
      index.place(sso2);
      return index.visits - start;
    };
    const bound = 4 * (64 + 8);
    expect(visitsAmong(50)).toBeLessThanOrEqual(bound);
    expect(visitsAmong(10_000)).toBeLessThanOrEqual(bound);
  });

  it('skips the postings of terms held by too many clusters when generating candidates', () => {
    // 'the' is in every cluster: it alone must not make every cluster a candidate, but still counts in the cosine.
    const index = new ClusterIndex({ threshold: 0.1, maxPostings: 100 });
    for (let n = 0; n < 1000; n += 1) index.add(`c${n}`, issue(`c${n}`, 'the', `word${n}`));
    const start = index.visits;
    const placement = index.place(issue('q', 'the', 'word5'));
    expect(index.visits - start).toBe(1 + 2); // word5's one posting, then the exact cosine of c5 over both terms
    expect(placement.clusterId).toBe('c5');
    expect(placement.similarity).toBeCloseTo(1, 12);
  });
});
