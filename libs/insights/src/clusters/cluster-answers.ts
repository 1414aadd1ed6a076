import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { GetClusterChangeRequests } from '@folio/content/public/cluster-change-requests.query';
import { ClusterDoc } from './cluster.projection';
import { ClusterReads } from './cluster.reads';
import { ClusterResource, clusterResource } from './cluster.resource';

/** A cluster as answered: its words opened, its pulse as of the clock, its open change requests asked of content. */
@Injectable()
export class ClusterAnswers {
  constructor(
    readonly reads: ClusterReads,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async resource(doc: ClusterDoc): Promise<ClusterResource> {
    const [words, changeRequests] = await Promise.all([this.reads.words(doc), this.queries.execute(new GetClusterChangeRequests(doc.organizationId, doc.id))]);
    return clusterResource(doc, words, changeRequests, this.clock.now(), this.config.publicUrl);
  }
}
