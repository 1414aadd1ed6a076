import { Query } from '@nestjs/cqrs';

/**
 * Whether `clusterId` is an issues cluster of the organization (content asks it before a change request
 * carries `conversationsIssuesCluster`). Answers the cluster's id and label, or null for an unknown one.
 */
export class GetIssuesCluster extends Query<{ id: string; label: string } | null> {
  constructor(
    readonly organizationId: string,
    readonly clusterId: string,
  ) {
    super();
  }
}
