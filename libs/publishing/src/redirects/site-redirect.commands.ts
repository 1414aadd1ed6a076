import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Invalid, PreconditionFailed } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { SiteAccess } from '../sites/site-access';
import { SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { BulkRedirectItem, BulkRedirectResult, planUpserts, siteRedirectDecider } from './site-redirect.decider';
import { BulkUpsertSiteRedirectsBody, CreateSiteRedirectBody, DestinationInput, UpdateSiteRedirectBody } from './site-redirect.dto';
import { SiteRedirectDestination, siteRedirectsStream } from './site-redirect.events';
import { SiteRedirectReads } from './site-redirect.reads';
import { SiteRedirectResource, siteRedirectResource } from './site-redirect.resource';
import { SiteRedirectTargets } from './site-redirect-targets';

/**
 * What redirect writes share: the caller must be an admin of the organization (a stranger gets 404, a
 * member 403), then the site must be one of it (404), then every destination must name something of the
 * site (400, before anything is written). The rules are the decider's.
 */
@Injectable()
abstract class SiteRedirectWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly access: SiteAccess,
    protected readonly sites: SiteReads,
    protected readonly reads: SiteRedirectReads,
    protected readonly targets: SiteRedirectTargets,
  ) {}

  protected async site(caller: Caller, organizationId: string, siteId: string, what: string): Promise<SiteDoc> {
    await this.access.admin(caller, organizationId, what);
    return this.sites.site(organizationId, siteId);
  }

  protected async resource(siteId: string, siteRedirectId: string): Promise<SiteRedirectResource> {
    return siteRedirectResource(await this.reads.redirect(siteId, siteRedirectId));
  }
}

export class CreateSiteRedirect extends Command<SiteRedirectResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly siteId: string, readonly input: CreateSiteRedirectBody) {
    super();
  }
}

@CommandHandler(CreateSiteRedirect)
export class CreateSiteRedirectHandler extends SiteRedirectWrite implements ICommandHandler<CreateSiteRedirect> {
  async execute({ caller, organizationId, siteId, input }: CreateSiteRedirect) {
    const site = await this.site(caller, organizationId, siteId, 'create site redirects');
    const destination = await this.targets.resolve(caller, site, input.destination);
    const siteRedirectId = newId();
    const redirect = { source: input.source, draft: input.draft ?? false, captureWildcard: input.captureWildcard ?? false, permanent: input.permanent ?? false, destination };
    await this.aggregates.handle(siteRedirectsStream(siteId), siteRedirectDecider, { type: 'CreateSiteRedirect', siteId, organizationId, siteRedirectId, redirect, actor: caller.userId }, caller);
    return this.resource(siteId, siteRedirectId);
  }
}

export class UpdateSiteRedirect extends Command<SiteRedirectResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteRedirectId: string,
    readonly input: UpdateSiteRedirectBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateSiteRedirect)
export class UpdateSiteRedirectHandler extends SiteRedirectWrite implements ICommandHandler<UpdateSiteRedirect> {
  async execute({ caller, organizationId, siteId, siteRedirectId, input }: UpdateSiteRedirect) {
    const site = await this.site(caller, organizationId, siteId, 'change site redirects');
    const { destination, ...rest } = input;
    const changes = { ...rest, ...(destination !== undefined ? { destination: await this.targets.resolve(caller, site, destination) } : {}) };
    await this.aggregates.handle(siteRedirectsStream(siteId), siteRedirectDecider, { type: 'UpdateSiteRedirect', siteId, organizationId, siteRedirectId, changes }, caller);
    return this.resource(siteId, siteRedirectId);
  }
}

/** Answers whether a redirect was deleted (205) or there was none (204). */
export class DeleteSiteRedirect extends Command<boolean> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly siteId: string, readonly siteRedirectId: string) {
    super();
  }
}

@CommandHandler(DeleteSiteRedirect)
export class DeleteSiteRedirectHandler extends SiteRedirectWrite implements ICommandHandler<DeleteSiteRedirect> {
  async execute({ caller, organizationId, siteId, siteRedirectId }: DeleteSiteRedirect) {
    await this.site(caller, organizationId, siteId, 'delete site redirects');
    const { events } = await this.aggregates.handle(siteRedirectsStream(siteId), siteRedirectDecider, { type: 'DeleteSiteRedirect', siteId, organizationId, siteRedirectId, actor: caller.userId }, caller);
    return events.length > 0;
  }
}

export class BulkUpsertSiteRedirects extends Command<{ results: BulkRedirectResult[] }> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly siteId: string, readonly input: BulkUpsertSiteRedirectsBody) {
    super();
  }
}

/** Tries of a bulk upsert whose site's redirects others changed between its read and its write. */
const BULK_ATTEMPTS = 5;

@CommandHandler(BulkUpsertSiteRedirects)
export class BulkUpsertSiteRedirectsHandler extends SiteRedirectWrite implements ICommandHandler<BulkUpsertSiteRedirects> {
  /**
   * The per-entry results are the plan's on the state the write is decided on: the handler plans on the
   * state it loaded and writes only if the stream is still at that revision (`ifMatch`), so the results
   * it answers are those of the events written; a concurrent write makes it plan again.
   */
  async execute({ caller, organizationId, siteId, input }: BulkUpsertSiteRedirects) {
    const site = await this.site(caller, organizationId, siteId, 'change site redirects');
    const items = await this.items(caller, site, input);
    const stream = siteRedirectsStream(siteId);
    const command = { type: 'UpsertSiteRedirects' as const, siteId, organizationId, items, newIds: items.map(() => newId()), actor: caller.userId };
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.aggregates.load(stream, siteRedirectDecider);
      // The results depend on the entries and the state, not on the time the events are stamped with.
      const { results } = planUpserts({ ...command, now: '' }, state);
      try {
        await this.aggregates.handle(stream, siteRedirectDecider, command, caller, { ifMatch: revision });
        return { results };
      } catch (error) {
        if (!(error instanceof PreconditionFailed) || attempt >= BULK_ATTEMPTS) throw error;
      }
    }
  }

  /** Every entry's destination resolved against the site (a `path` to its page), each distinct one once. */
  private async items(caller: Caller, site: SiteDoc, input: BulkUpsertSiteRedirectsBody): Promise<BulkRedirectItem[]> {
    const resolved = new Map<string, Promise<SiteRedirectDestination>>();
    const resolve = (destination: DestinationInput) => {
      const key = JSON.stringify(destination);
      let found = resolved.get(key);
      if (!found) resolved.set(key, (found = this.targets.resolve(caller, site, destination)));
      return found;
    };
    const items: BulkRedirectItem[] = [];
    for (const [i, entry] of input.redirects.entries()) {
      if (entry.intent === 'publish') {
        items.push({ source: entry.source, intent: 'publish' });
        continue;
      }
      const destination = entry.destination === null ? null : await resolve(entry.destination).catch((error: unknown) => {
        throw error instanceof Invalid ? new Invalid(`redirects.${i}.${error.message}`) : error;
      });
      items.push({ source: entry.source, intent: entry.intent ?? 'live', captureWildcard: entry.captureWildcard, permanent: entry.permanent, destination });
    }
    return items;
  }
}

export const siteRedirectCommandHandlers = [CreateSiteRedirectHandler, UpdateSiteRedirectHandler, DeleteSiteRedirectHandler, BulkUpsertSiteRedirectsHandler];
