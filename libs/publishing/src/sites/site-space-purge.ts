import { Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { siteDecider } from './site.decider';
import { siteStream } from './site.events';
import { SiteReads } from './site.reads';

export const SITE_SPACE_PURGE = 'publishing-site-space-purge';

/**
 * A purged space leaves the sites that showed it. Content's `SpacePurged` (named by its type and the one
 * field read) feeds this process manager, which removes each site space of that space on its site's own
 * stream; content's streams and tables are never written by publishing. Run again after a crash, it finds
 * only what is left (a site space already removed answers no event). A space in the bin is left in
 * place: published answers leave its site spaces out while content says it is deleted, and show them
 * again once it is restored.
 */
@Injectable()
export class SiteSpacePurgeProcess extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: SiteReads,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    super(host, progress, SITE_SPACE_PURGE);
  }

  protected reactions() {
    return { SpacePurged: (event: StoredEvent, caller: Caller) => this.purge(String(event.data.spaceId), caller) };
  }

  private async purge(spaceId: string, caller: Caller): Promise<void> {
    for (const siteSpace of await this.reads.siteSpacesOfSpace(spaceId)) {
      await this.aggregates.handle(siteStream(siteSpace.siteId), siteDecider, { type: 'RemoveSiteSpace', siteSpaceId: siteSpace.id }, caller);
    }
  }
}
