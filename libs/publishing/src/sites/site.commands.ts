import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Aggregates, WithoutNow } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { GetSpacesForSite } from '@folio/content/public/site-spaces.query';
import { SiteConditions } from '../adaptive/site-conditions';
import { SiteAddresses } from '../addresses/site-addresses';
import { namesOf, SiteName, SiteNames } from '../addresses/site-names';
import { SiteAccess } from './site-access';
import { SiteSpaceDuplication } from './site-space-duplication';
import { SiteViews } from './site-views';
import { SiteCommand, siteDecider, SpaceToAdd } from './site.decider';
import { AddSectionBody, AddSectionGroupBody, AddSiteSpaceBody, CreateSiteBody, UpdateSiteBody, UpdateSiteSpaceBody } from './site.dto';
import { Pointer } from './site-order';
import { siteStream } from './site.events';
import { SiteReads } from './site.reads';

type SiteResource = Awaited<ReturnType<SiteViews['site']>>;
type SiteSpaceResource = Awaited<ReturnType<SiteViews['siteSpace']>>;
type SectionResource = Awaited<ReturnType<SiteViews['section']>>;

/** A site made without a title gets this one (the client spec's body makes every field optional). */
const UNTITLED = 'Untitled site';

/**
 * What site writes share: the caller must be an admin of the organization; the rules are the decider's.
 * Spaces are named by id and checked with content: a space of the organization the caller may see,
 * not in the bin; anything else is a 400 naming it.
 */
@Injectable()
abstract class SiteWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly access: SiteAccess,
    protected readonly reads: SiteReads,
    protected readonly views: SiteViews,
    protected readonly queries: QueryBus,
    protected readonly conditions: SiteConditions,
    protected readonly names: SiteNames,
    protected readonly addresses: SiteAddresses,
  ) {}

  protected async spaces(caller: Caller, organizationId: string, spaceIds: string[], field: string): Promise<SpaceToAdd[]> {
    const found = await this.queries.execute(new GetSpacesForSite(caller, organizationId, spaceIds));
    return spaceIds.map((spaceId) => {
      const space = found.get(spaceId);
      if (!space || space.deleted) throw new Invalid(`${field}: ${JSON.stringify(spaceId)} is not a space of this organization`);
      return { siteSpaceId: newId(), spaceId, title: space.title };
    });
  }

  /**
   * Decides on the site's stream once the caller is known to be an admin. The read model first: a site of
   * another organization is as missing (404) as one that never was.
   */
  protected async decide(caller: Caller, organizationId: string, siteId: string, command: WithoutNow<Exclude<SiteCommand, { type: 'CreateSite' }>>) {
    await this.reads.site(organizationId, siteId);
    // A condition is parsed and checked against the site's adaptive schema when it is written (400 otherwise).
    const condition = (command.type === 'UpdateSiteSpace' || command.type === 'UpdateSection') && command.changes.condition;
    if (typeof condition === 'string') await this.conditions.check(organizationId, siteId, condition);
    return this.aggregates.handle(siteStream(siteId), siteDecider, command, caller);
  }
}

export class CreateSite extends Command<SiteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly input: CreateSiteBody,
  ) {
    super();
  }
}

@CommandHandler(CreateSite)
export class CreateSiteHandler extends SiteWrite implements ICommandHandler<CreateSite> {
  async execute({ caller, organizationId, input }: CreateSite) {
    const role = await this.access.admin(caller, organizationId, 'create sites');
    const spaces = await this.spaces(caller, organizationId, input.spaces ?? [], 'spaces');
    const siteId = newId();
    await this.aggregates.handle(
      siteStream(siteId),
      siteDecider,
      {
        type: 'CreateSite',
        siteId,
        organizationId,
        siteType: input.type ?? 'basic',
        title: input.title ?? UNTITLED,
        visibility: input.visibility ?? 'public',
        spaces,
        actor: caller.userId,
      },
      caller,
    );
    return this.views.site(organizationId, siteId, role);
  }
}

/** A site write answered with the site: PATCH, publish, unpublish. */
abstract class SiteChange extends SiteWrite {
  protected async change(caller: Caller, organizationId: string, siteId: string, command: WithoutNow<Exclude<SiteCommand, { type: 'CreateSite' }>>, what: string) {
    const role = await this.access.admin(caller, organizationId, what);
    await this.decide(caller, organizationId, siteId, command);
    return this.views.site(organizationId, siteId, role);
  }
}

export class UpdateSite extends Command<SiteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly input: UpdateSiteBody,
  ) {
    super();
  }
}

/**
 * A new basename is reserved within the organization first: one another site holds is a 409 (held by its
 * reservation, or, for a site given it before basenames were reserved, by the addresses read model).
 */
@CommandHandler(UpdateSite)
export class UpdateSiteHandler extends SiteChange implements ICommandHandler<UpdateSite> {
  async execute({ caller, organizationId, siteId, input }: UpdateSite) {
    const update = () => this.change(caller, organizationId, siteId, { type: 'UpdateSite', changes: input }, 'change sites');
    if (input.basename === undefined) return update();
    await this.access.admin(caller, organizationId, 'change sites');
    const site = await this.reads.site(organizationId, siteId);
    if (input.basename !== null && (await this.addresses.basenameHeldByAnother(organizationId, input.basename, siteId))) {
      throw new Conflict(`The basename ${input.basename} is already in use`);
    }
    const next = input.basename === null ? null : namesOf({ organizationId, basename: input.basename }).basename;
    return this.names.change(caller, siteId, namesOf(site).basename, next, update);
  }
}

export class SetSiteHostname extends Command<SiteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    /** Null removes it. */
    readonly hostname: string | null,
  ) {
    super();
  }
}

/**
 * `PUT …/hostname`: the site's custom hostname, reserved across Folio first (409 when another site or an
 * organization holds it). A hostname Folio serves sites under itself (PUBLIC_SITES_URL's, or one its
 * `{org}` could make) would take other sites' URLs: 400.
 */
@CommandHandler(SetSiteHostname)
export class SetSiteHostnameHandler extends SiteChange implements ICommandHandler<SetSiteHostname> {
  async execute({ caller, organizationId, siteId, hostname }: SetSiteHostname) {
    await this.access.admin(caller, organizationId, 'change sites');
    if (hostname !== null && this.addresses.isFolioHost(hostname)) throw new Invalid(`hostname: ${hostname} is where Folio serves sites itself`);
    const site = await this.reads.site(organizationId, siteId);
    const next = hostname === null ? null : namesOf({ organizationId, basename: null, hostname }).hostname;
    return this.names.change(caller, siteId, namesOf(site).hostname, next, () =>
      this.change(caller, organizationId, siteId, { type: 'SetSiteHostname', hostname }, 'change sites'),
    );
  }
}

export class PublishSite extends Command<SiteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly published: boolean,
  ) {
    super();
  }
}

@CommandHandler(PublishSite)
export class PublishSiteHandler extends SiteChange implements ICommandHandler<PublishSite> {
  execute({ caller, organizationId, siteId, published }: PublishSite) {
    const type = published ? 'PublishSite' : 'UnpublishSite';
    return this.change(caller, organizationId, siteId, { type }, published ? 'publish sites' : 'unpublish sites');
  }
}

/** Answers whether a site was deleted (205) or there was none (204). */
export class DeleteSite extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteSite)
export class DeleteSiteHandler extends SiteWrite implements ICommandHandler<DeleteSite> {
  async execute({ caller, organizationId, siteId }: DeleteSite) {
    await this.access.admin(caller, organizationId, 'delete sites');
    try {
      const site = await this.reads.site(organizationId, siteId);
      const { events } = await this.decide(caller, organizationId, siteId, { type: 'DeleteSite' });
      // Its basename and hostname are free again.
      const { basename, hostname } = namesOf(site);
      await this.names.release(caller, siteId, [basename, hostname].filter((n): n is SiteName => n !== null));
      return events.length > 0;
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
  }
}

export class AddSiteSpace extends Command<SiteSpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly input: AddSiteSpaceBody,
  ) {
    super();
  }
}

@CommandHandler(AddSiteSpace)
export class AddSiteSpaceHandler extends SiteWrite implements ICommandHandler<AddSiteSpace> {
  async execute({ caller, organizationId, siteId, input }: AddSiteSpace) {
    await this.access.admin(caller, organizationId, 'change sites');
    const [space] = await this.spaces(caller, organizationId, [input.spaceId], 'spaceId');
    await this.decide(caller, organizationId, siteId, { type: 'AddSiteSpace', ...space, draft: input.draft, sectionId: input.sectionId ?? null });
    return this.views.siteSpace(await this.reads.site(organizationId, siteId), space.siteSpaceId, caller);
  }
}

export class UpdateSiteSpace extends Command<SiteSpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteSpaceId: string,
    readonly input: UpdateSiteSpaceBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateSiteSpace)
export class UpdateSiteSpaceHandler extends SiteWrite implements ICommandHandler<UpdateSiteSpace> {
  async execute({ caller, organizationId, siteId, siteSpaceId, input }: UpdateSiteSpace) {
    await this.access.admin(caller, organizationId, 'change sites');
    if (input.spaceId !== undefined) await this.spaces(caller, organizationId, [input.spaceId], 'spaceId');
    await this.decide(caller, organizationId, siteId, { type: 'UpdateSiteSpace', siteSpaceId, changes: input });
    return this.views.siteSpace(await this.reads.site(organizationId, siteId), siteSpaceId, caller);
  }
}

export class AddSection extends Command<SectionResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly input: AddSectionBody,
  ) {
    super();
  }
}

@CommandHandler(AddSection)
export class AddSectionHandler extends SiteWrite implements ICommandHandler<AddSection> {
  async execute({ caller, organizationId, siteId, input }: AddSection) {
    await this.access.admin(caller, organizationId, 'change sites');
    const [space] = await this.spaces(caller, organizationId, [input.spaceId], 'spaceId');
    const sectionId = newId();
    await this.decide(caller, organizationId, siteId, {
      type: 'AddSection',
      sectionId,
      wrapperId: newId(),
      title: input.title ?? null,
      icon: input.icon ?? null,
      groupId: input.siteSectionGroupId ?? null,
      space: { ...space, draft: input.draft },
    });
    return this.views.section(await this.reads.site(organizationId, siteId), sectionId, caller);
  }
}

export class AddSectionGroup extends Command<Awaited<ReturnType<SiteViews['group']>>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly input: AddSectionGroupBody,
  ) {
    super();
  }
}

@CommandHandler(AddSectionGroup)
export class AddSectionGroupHandler extends SiteWrite implements ICommandHandler<AddSectionGroup> {
  async execute({ caller, organizationId, siteId, input }: AddSectionGroup) {
    await this.access.admin(caller, organizationId, 'change sites');
    const groupId = newId();
    const { title, icon = null, sections = [], parent = null } = input;
    await this.decide(caller, organizationId, siteId, { type: 'AddSectionGroup', groupId, title, icon, sectionIds: sections, parentId: parent });
    return this.views.group(await this.reads.site(organizationId, siteId), groupId, caller);
  }
}

export class DuplicateSiteSpace extends Command<SiteSpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteSpaceId: string,
    readonly draft: boolean,
  ) {
    super();
  }
}

/**
 * A full copy of the site space's space, shown by a new site space (see SiteSpaceDuplication for the
 * steps). A space in the bin is not copied: restore it first (409, nothing written).
 */
@CommandHandler(DuplicateSiteSpace)
export class DuplicateSiteSpaceHandler implements ICommandHandler<DuplicateSiteSpace> {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly views: SiteViews,
    private readonly queries: QueryBus,
    private readonly duplication: SiteSpaceDuplication,
  ) {}

  async execute({ caller, organizationId, siteId, siteSpaceId, draft }: DuplicateSiteSpace) {
    await this.access.admin(caller, organizationId, 'change sites');
    await this.reads.site(organizationId, siteId);
    const { spaceId } = await this.reads.siteSpace(siteId, siteSpaceId);
    const space = (await this.queries.execute(new GetSpacesForSite(caller, organizationId, [spaceId]))).get(spaceId);
    if (!space) throw new NotFound('space');
    if (space.deleted) throw new Conflict('the space of this site space is in the bin: restore it before duplicating');
    const newSiteSpaceId = await this.duplication.start(caller, siteId, siteSpaceId, draft);
    const refused = await this.duplication.complete(caller, siteId, newSiteSpaceId);
    if (refused) throw refused;
    return this.views.siteSpace(await this.reads.site(organizationId, siteId), newSiteSpaceId, caller);
  }
}

/** What a structure change answers: the part changed (200), or whether something was deleted (205 / 204). */
export type StructureAnswer = Pointer | { type: 'deleted' };

/**
 * The structure's other writes (sections, groups, moves, the sort): a decider command made from the body,
 * and the part to answer with. Only admins change a site.
 */
export class ChangeSiteStructure extends Command<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly command: WithoutNow<Exclude<SiteCommand, { type: 'CreateSite' | 'AddSection' | 'AddSiteSpace' | 'AddSectionGroup' | `${string}SiteSpaceDuplication` }>>,
    readonly answer: StructureAnswer,
  ) {
    super();
  }
}

@CommandHandler(ChangeSiteStructure)
export class ChangeSiteStructureHandler extends SiteWrite implements ICommandHandler<ChangeSiteStructure> {
  async execute({ caller, organizationId, siteId, command, answer }: ChangeSiteStructure) {
    await this.access.admin(caller, organizationId, 'change sites');
    const { events } = await this.decide(caller, organizationId, siteId, command);
    if (answer.type === 'deleted') return events.length > 0;
    const site = await this.reads.site(organizationId, siteId);
    switch (answer.type) {
      case 'site-space':
        return this.views.siteSpace(site, answer.id, caller);
      case 'site-section':
        return this.views.section(site, answer.id, caller);
      case 'site-section-group':
        return this.views.group(site, answer.id, caller);
      default:
        throw new Invalid(`${answer.type} is not in Folio's site structures`);
    }
  }
}

export const siteCommandHandlers = [
  SetSiteHostnameHandler,
  AddSectionHandler,
  AddSectionGroupHandler,
  DuplicateSiteSpaceHandler,
  ChangeSiteStructureHandler,
  CreateSiteHandler,
  UpdateSiteHandler,
  PublishSiteHandler,
  DeleteSiteHandler,
  AddSiteSpaceHandler,
  UpdateSiteSpaceHandler,
];
