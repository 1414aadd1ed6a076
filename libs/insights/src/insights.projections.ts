import { Projection } from '@folio/platform/projections/projection';
import { clusterProjection } from './clusters/cluster.projection';
import { issueProjection } from './issues/issue.projection';

export const insightsProjections: Projection[] = [issueProjection, clusterProjection];
