import { IssueVector } from './issue-clustering';

/**
 * An issue's terms as `[term, count]` pairs sorted by term: the index sums in this order, so its floats do
 * not depend on the order the terms object was built in. Only own keys with a positive finite count count.
 */
export function sortedTerms(issue: IssueVector): Array<[string, number]> {
  const terms: Array<[string, number]> = [];
  for (const term of Object.keys(issue.terms)) {
    const count = issue.terms[term];
    if (typeof count === 'number' && Number.isFinite(count) && count > 0) terms.push([term, count]);
  }
  return terms.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
