import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { DomainError } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { CopySpace } from '@folio/content/public/copy-space.command';
import { siteDecider } from './site.decider';
import { siteStream } from './site.events';

export const SITE_SPACE_DUPLICATION = 'publishing-site-space-duplication';

/**
 * A site space's duplication writes two aggregates: content's copy of the space, then the site's new site
 * space showing it. It is a process fenced by the site's stream: first the site records the duplication
 * (`SiteSpaceDuplicationStarted`: the space, and the ids the copy, the site space and a new section will
 * take); then content copies the space under the recorded id (`CopySpace`, which finds a copy already made
 * instead of making another); then the site adds the site space, which closes the duplication, or abandons
 * it when that cannot be done. The request runs the steps at once; should the process die between them,
 * this process manager, fed from the log with its own checkpoint, runs what is left at the next start, in
 * the name of whoever asked. A crash leaves at most a copied space without its site space for that long,
 * never a site space showing no copy.
 */
@Injectable()
export class SiteSpaceDuplication extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly commands: CommandBus,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    super(host, progress, SITE_SPACE_DUPLICATION);
  }

  protected reactions() {
    return {
      SiteSpaceDuplicationStarted: async (event: StoredEvent) => {
        const caller: Caller = { userId: event.metadata.actor, source: 'system', correlationId: event.metadata.correlationId };
        // A refusal has been recorded (abandoned): nothing is left to retry.
        await this.complete(caller, String(event.data.siteId), String(event.data.newSiteSpaceId));
      },
    };
  }

  /** The first step: answers the id the new site space will take. */
  async start(caller: Caller, siteId: string, siteSpaceId: string, draft: boolean): Promise<string> {
    const newSiteSpaceId = newId();
    const command = { type: 'StartSiteSpaceDuplication' as const, siteSpaceId, newSiteSpaceId, copySpaceId: newId(), newSectionId: newId(), draft };
    await this.aggregates.handle(siteStream(siteId), siteDecider, command, caller);
    return newSiteSpaceId;
  }

  /**
   * The steps after the first, for a duplication still pending (none: done or abandoned, nothing to do).
   * Answers content's refusal of the copy (the duplication is then abandoned), or null.
   */
  async complete(caller: Caller, siteId: string, newSiteSpaceId: string): Promise<DomainError | null> {
    const { state } = await this.aggregates.load(siteStream(siteId), siteDecider);
    const pending = state.status === 'live' ? state.duplications.get(newSiteSpaceId) : undefined;
    if (!pending) return null;
    try {
      await this.commands.execute(new CopySpace(caller, pending.spaceId, pending.copySpaceId));
    } catch (error) {
      // Anything else (an outage, a crash) leaves the duplication pending for the process to resume.
      if (!(error instanceof DomainError)) throw error;
      await this.aggregates.handle(siteStream(siteId), siteDecider, { type: 'AbandonSiteSpaceDuplication', newSiteSpaceId, reason: error.message }, caller);
      return error;
    }
    await this.aggregates.handle(siteStream(siteId), siteDecider, { type: 'CompleteSiteSpaceDuplication', newSiteSpaceId }, caller);
    return null;
  }
}
