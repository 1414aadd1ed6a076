import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { givenExtracted, givenIssue, givenSealed, givenWithdrawn } from '../testing/given-issues';
import { IssueEvent, insightsIssuesStream } from '../issues/issue.events';
import { clusterProjection, INSIGHTS_CLUSTER_MEMBERS, INSIGHTS_CLUSTERS } from './cluster.projection';

const spec = projectionSpec<IssueEvent>(clusterProjection, { stream: (e) => insightsIssuesStream(e.data.organizationId) });

const i1 = givenIssue('i1', { terms: { aa: 1, bb: 2 }, keyPhraseHashes: ['p1'] });
const i2 = givenIssue('i2', { terms: { aa: 3 }, keyPhraseHashes: ['p2', 'p1'], source: 'intercom', createdAt: '2026-02-20T12:00:00.000Z' });
const i3 = givenIssue('i3', { terms: { bb: 2, cc: 1 }, keyPhraseHashes: ['p2'] });
const c1 = givenExtracted('c1', [
  { issue: i1, clusterId: 'i1' },
  { issue: i2, clusterId: 'i1' },
]);
const c2 = givenExtracted('c2', [{ issue: i3, clusterId: 'i1' }], '2026-03-03T11:00:00.000Z');
const withdrawC2 = givenWithdrawn('c2', [{ issueId: 'i3', clusterId: 'i1' }]);

const cluster = {
  id: 'i1',
  organizationId: 'o1',
  createdAt: '2026-03-03T10:00:00.000Z',
  updatedAt: '2026-03-03T11:00:00.000Z',
  issues: 3,
  conversations: 2,
  sources: [
    { source: 'intercom', issues: 1 },
    { source: 'zendesk', issues: 2 },
  ],
  weeks: { '2026-02-16': 1, '2026-03-02': 2 },
  phrases: { p1: 2, p2: 2 },
  // p1 and p2 tie: the smaller hash, carried by the first issue holding it.
  label: { hash: 'p1', carrier: 'i1' },
  centroid: { aa: 4, bb: 4, cc: 1 },
  // cos(i3, centroid) = 9/(√5·√33) ≈ 0.701 beats cos(i2, centroid) = 12/(3·√33) ≈ 0.696.
  central: 'i3',
};

describe('clusterProjection', () => {
  it('counts a cluster’s issues, conversations, sources and weeks, and keeps its top key phrase and central issue', () =>
    spec.given([c1, c2]).thenDocument(INSIGHTS_CLUSTERS, 'i1', cluster));

  it('keeps each member with its sealed text (labels and summaries are opened from it)', () =>
    spec.given([c1]).then(INSIGHTS_CLUSTER_MEMBERS, [
      { id: 'i1', organizationId: 'o1', cluster: 'i1', conversation: 'c1', source: 'zendesk', createdAt: i1.createdAt, terms: i1.terms, keyPhraseHashes: ['p1'], text: givenSealed('i1') },
      { id: 'i2', organizationId: 'o1', cluster: 'i1', conversation: 'c1', source: 'intercom', createdAt: i2.createdAt, terms: i2.terms, keyPhraseHashes: ['p2', 'p1'], text: givenSealed('i2') },
    ]));

  it('undoes a withdrawn issue’s counts and finds the central issue again when it was the one withdrawn', () =>
    spec.given([c1, c2, withdrawC2]).thenDocument(INSIGHTS_CLUSTERS, 'i1', {
      ...cluster,
      updatedAt: '2026-03-04T10:00:00.000Z',
      issues: 2,
      conversations: 1,
      sources: [
        { source: 'intercom', issues: 1 },
        { source: 'zendesk', issues: 1 },
      ],
      weeks: { '2026-02-16': 1, '2026-03-02': 1 },
      phrases: { p1: 2, p2: 1 },
      centroid: { aa: 4, bb: 2 },
      central: 'i2',
    }));

  it('moves the label to another carrier when its carrier is withdrawn', async () => {
    const c3 = givenExtracted('c3', [{ issue: givenIssue('i4', { keyPhraseHashes: ['p1'] }), clusterId: 'i1' }]);
    const withdrawC1 = givenWithdrawn('c1', [
      { issueId: 'i1', clusterId: 'i1' },
      { issueId: 'i2', clusterId: 'i1' },
    ]);
    await spec.given([c1, c2, c3, withdrawC1]).thenDocument(INSIGHTS_CLUSTERS, 'i1', expect.objectContaining({ issues: 2, phrases: { p1: 1, p2: 1 }, label: { hash: 'p1', carrier: 'i4' } }));
  });

  it('drops a cluster with no issues left, and its members', async () => {
    const withdrawC1 = givenWithdrawn('c1', [
      { issueId: 'i1', clusterId: 'i1' },
      { issueId: 'i2', clusterId: 'i1' },
    ]);
    await spec.given([c1, c2, withdrawC2, withdrawC1]).thenNone(INSIGHTS_CLUSTERS);
    await spec.given([c1, c2, withdrawC2, withdrawC1]).thenNone(INSIGHTS_CLUSTER_MEMBERS);
  });

  it('finds an organization’s clusters by each sort', async () => {
    const other = givenExtracted('c9', [{ issue: givenIssue('i9'), clusterId: 'i9' }], '2026-03-03T10:30:00.000Z');
    const events = [c1, other, c2];
    await spec.given(events).thenFinds(INSIGHTS_CLUSTERS, { filter: { organizationId: 'o1' }, sort: { field: 'updatedAt', direction: 'desc' } }, ['i1', 'i9']);
    await spec.given(events).thenFinds(INSIGHTS_CLUSTERS, { filter: { organizationId: 'o1' }, sort: { field: 'createdAt', direction: 'asc' } }, ['i1', 'i9']);
    await spec.given(events).thenFinds(INSIGHTS_CLUSTERS, { filter: { organizationId: 'o1' }, sort: { field: 'issues', direction: 'asc' } }, ['i9', 'i1']);
  });

  it('is idempotent and rebuilds identically', async () => {
    const events = [c1, c2, withdrawC2, givenExtracted('c2', [{ issue: givenIssue('i5', { keyPhraseHashes: ['p3'] }), clusterId: 'i5' }], '2026-03-05T10:00:00.000Z', 2)];
    await spec.given(events).thenIdempotent();
    await spec.given(events).thenRebuildsIdentically();
  });
});
