import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { givenExtracted, givenIssue, givenSealed, givenWithdrawn } from '../testing/given-issues';
import { IssueEvent, insightsIssuesStream } from './issue.events';
import { INSIGHTS_ISSUES, issueProjection } from './issue.projection';

const spec = projectionSpec<IssueEvent>(issueProjection, { stream: (e) => insightsIssuesStream(e.data.organizationId) });

const doc = (id: string, conversation: string, cluster: string) => ({
  id,
  organizationId: 'o1',
  conversation,
  cluster,
  createdAt: '2026-03-02T08:00:00.000Z',
  ingestedAt: '2026-03-03T09:00:00.000Z',
  source: 'zendesk',
  text: givenSealed(id),
});

const c1 = givenExtracted('c1', [
  { issue: givenIssue('i1'), clusterId: 'i1' },
  { issue: givenIssue('i2'), clusterId: 'i1' },
]);
const c2 = givenExtracted('c2', [{ issue: givenIssue('i3'), clusterId: 'i1' }]);

describe('issueProjection', () => {
  it('keeps each extracted issue with its conversation and cluster, its text still sealed', () =>
    spec.given([c1, c2]).then(INSIGHTS_ISSUES, [doc('i1', 'c1', 'i1'), doc('i2', 'c1', 'i1'), doc('i3', 'c2', 'i1')]));

  it('drops a withdrawn conversation’s issues', () =>
    spec.given([c1, c2, givenWithdrawn('c1', [{ issueId: 'i1', clusterId: 'i1' }, { issueId: 'i2', clusterId: 'i1' }])]).then(INSIGHTS_ISSUES, [doc('i3', 'c2', 'i1')]));

  it('filters by cluster and conversation', async () => {
    const other = givenExtracted('c3', [{ issue: givenIssue('i4'), clusterId: 'i4' }]);
    await spec.given([c1, c2, other]).thenFinds(INSIGHTS_ISSUES, { filter: { organizationId: 'o1', cluster: 'i4' } }, ['i4']);
    await spec.given([c1, c2, other]).thenFinds(INSIGHTS_ISSUES, { filter: { organizationId: 'o1', conversation: 'c1' } }, ['i1', 'i2']);
  });

  it('is idempotent and rebuilds identically', async () => {
    const events = [c1, c2, givenWithdrawn('c2', [{ issueId: 'i3', clusterId: 'i1' }])];
    await spec.given(events).thenIdempotent();
    await spec.given(events).thenRebuildsIdentically();
  });
});
