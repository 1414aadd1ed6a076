import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { GetIssuesClusterResource, ListIssuesClusters } from '../clusters/cluster.queries';
import { ListClustersQuery, ListIssuesQuery } from './issue.dto';
import { GetConversationIssue, ListConversationIssues } from './issue.queries';

const ORG = 'orgs/:organizationId';

/** The seed's issue and cluster reads (outside the client's spec), and one cluster's (an addition: its resource's location). */
@Controller()
export class IssueController {
  constructor(private readonly queries: QueryBus) {}

  @Get(`${ORG}/conversations-issues`)
  issues(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListIssuesQuery) {
    return this.queries.execute(new ListConversationIssues(caller, organizationId, query));
  }

  @Get(`${ORG}/conversations-issues/:issueId`)
  issue(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('issueId') issueId: string) {
    return this.queries.execute(new GetConversationIssue(caller, organizationId, issueId));
  }

  @Get(`${ORG}/conversations-clusters`)
  clusters(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListClustersQuery) {
    return this.queries.execute(new ListIssuesClusters(caller, organizationId, query));
  }

  @Get(`${ORG}/conversations-clusters/:clusterId`)
  cluster(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('clusterId') clusterId: string) {
    return this.queries.execute(new GetIssuesClusterResource(caller, organizationId, clusterId));
  }
}
