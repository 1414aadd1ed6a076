import { Query } from '@nestjs/cqrs';

/** An open change request made for an issues cluster, as the cluster's resource links to it. */
export interface ClusterChangeRequest {
  id: string;
  spaceId: string;
  number: number;
  subject: string;
  /** The change request's API location. */
  location: string;
}

/**
 * Insights' question to content: the open change requests of the organization that carry
 * `conversationsIssuesCluster` = `clusterId` (at most `limit`, newest first).
 */
export class GetClusterChangeRequests extends Query<ClusterChangeRequest[]> {
  constructor(
    readonly organizationId: string,
    readonly clusterId: string,
    readonly limit = 20,
  ) {
    super();
  }
}
