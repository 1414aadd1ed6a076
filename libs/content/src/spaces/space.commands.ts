import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Conflict } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';
import { ContentAccess } from '../access/content-access';
import { spacePermissions } from '@folio/identity/public/content-permissions';
import { CollectionReads } from '../collections/collection.reads';
import { keyBetween } from '../ordering/sibling-order';
import { Siblings } from '../ordering/siblings';
import { Placement } from '../shared/placement';
import { spaceDecider } from './space.decider';
import { EditMode, SpaceSettings, spaceStream } from './space.events';
import { SpaceReads } from './space.reads';
import { spaceResource, SpaceResource } from './space.resource';

/** What POST /orgs/{id}/spaces may say; everything else takes its default. */
export interface NewSpace {
  title?: string;
  emoji?: string;
  parent?: string;
  language?: string;
  editMode?: EditMode;
}

/** A new space's title when none is given. */
export const DEFAULT_SPACE_TITLE = 'Untitled';

/** Shared by the handlers: the space as the caller sees it now, after a write. */
abstract class SpaceHandler {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly spaces: SpaceReads,
    @Inject(CONFIG) protected readonly config: FolioConfig,
  ) {}

  protected async read(caller: Caller, spaceId: string): Promise<SpaceResource> {
    return spaceResource(await this.spaces.visible(caller, spaceId), this.config);
  }

  /** The space, 404 when the caller may not know it, 403 without admin on it. */
  protected async administered(caller: Caller, spaceId: string, what: string) {
    const view = await this.spaces.visible(caller, spaceId);
    assertAllowed(spacePermissions(view.role).admin, what);
    return view.space;
  }
}

export class CreateSpace extends Command<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly input: NewSpace,
  ) {
    super();
  }
}

@CommandHandler(CreateSpace)
export class CreateSpaceHandler extends SpaceHandler implements ICommandHandler<CreateSpace> {
  constructor(
    aggregates: Aggregates,
    spaces: SpaceReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, spaces, config);
  }

  async execute({ caller, organizationId, input }: CreateSpace) {
    const role = await this.access.organizationRole(caller, organizationId);
    assertAllowed(organizationPermissions(role).createContent, 'create spaces in this organization');
    const parent = input.parent ?? null;
    if (parent) await this.collections.parentFor(caller, organizationId, parent);
    const spaceId = newId();
    const settings: SpaceSettings = {
      title: input.title ?? DEFAULT_SPACE_TITLE,
      emoji: input.emoji ?? '',
      editMode: input.editMode ?? 'live',
      defaultLevel: 'inherit',
      language: input.language ?? null,
      mergeRules: { type: 'inherit' },
    };
    await this.aggregates.handle(
      spaceStream(spaceId),
      spaceDecider,
      {
        type: 'CreateSpace',
        spaceId,
        organizationId,
        parent,
        position: await this.siblings.endKey(organizationId, parent),
        settings,
        visibility: 'private',
        revision: newId(),
      },
      caller,
    );
    return this.read(caller, spaceId);
  }
}

export class UpdateSpace extends Command<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changes: Partial<SpaceSettings>,
    /** The space's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

/** Settings that govern who may do what and how: an admin's. The rest (title, emoji, language) an editor's. */
const ADMIN_SETTINGS: (keyof SpaceSettings)[] = ['editMode', 'defaultLevel', 'mergeRules'];

@CommandHandler(UpdateSpace)
export class UpdateSpaceHandler extends SpaceHandler implements ICommandHandler<UpdateSpace> {
  async execute({ caller, spaceId, changes, ifMatch }: UpdateSpace) {
    const { role } = await this.spaces.visible(caller, spaceId);
    const permissions = spacePermissions(role);
    if (ADMIN_SETTINGS.some((key) => changes[key] !== undefined)) {
      assertAllowed(permissions.admin, 'change the edit mode, default level or merge rules of this space');
    } else {
      assertAllowed(permissions.edit, 'change this space');
    }
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'UpdateSpace', changes }, caller, { ifMatch });
    return this.read(caller, spaceId);
  }
}

export class DeleteSpace extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteSpace)
export class DeleteSpaceHandler extends SpaceHandler implements ICommandHandler<DeleteSpace> {
  async execute({ caller, spaceId }: DeleteSpace) {
    await this.administered(caller, spaceId, 'delete this space');
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'DeleteSpace' }, caller);
  }
}

export class RestoreSpace extends Command<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
  ) {
    super();
  }
}

/** Back where it was; at the end of the root when its collection is gone (deleted, purged or transferred away). */
@CommandHandler(RestoreSpace)
export class RestoreSpaceHandler extends SpaceHandler implements ICommandHandler<RestoreSpace> {
  constructor(
    aggregates: Aggregates,
    spaces: SpaceReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, spaces, config);
  }

  async execute({ caller, spaceId }: RestoreSpace) {
    const space = await this.administered(caller, spaceId, 'restore this space');
    const collection = space.parent ? await this.collections.get(space.parent) : null;
    const home = collection && !collection.deletedAt && collection.organizationId === space.organizationId;
    const parent = home ? space.parent : null;
    const position = home ? space.position : await this.siblings.endKey(space.organizationId, null);
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'RestoreSpace', parent, position }, caller);
    return this.read(caller, spaceId);
  }
}

export class DuplicateSpace extends Command<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
  ) {
    super();
  }
}

/** A new space with the same settings and the same title, right after the original among its siblings. */
@CommandHandler(DuplicateSpace)
export class DuplicateSpaceHandler extends SpaceHandler implements ICommandHandler<DuplicateSpace> {
  constructor(
    aggregates: Aggregates,
    spaces: SpaceReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, spaces, config);
  }

  async execute({ caller, spaceId }: DuplicateSpace) {
    const space = await this.administered(caller, spaceId, 'duplicate this space');
    if (space.deletedAt) throw new Conflict('The space is deleted; restore it first');
    const slot = await this.siblings.slot(space.organizationId, space.parent, { after: { type: 'space', space: spaceId } }, null);
    const copyId = newId();
    const { title, emoji, editMode, defaultLevel, language, mergeRules } = space;
    await this.aggregates.handle(
      spaceStream(copyId),
      spaceDecider,
      {
        type: 'CreateSpace',
        spaceId: copyId,
        organizationId: space.organizationId,
        parent: space.parent,
        position: keyBetween(slot.lower, slot.upper),
        settings: { title, emoji, editMode, defaultLevel, language, mergeRules },
        visibility: space.visibility,
        revision: newId(),
        duplicatedFrom: spaceId,
      },
      caller,
    );
    return this.read(caller, copyId);
  }
}

export class MoveSpace extends Command<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    /** undefined: stay under the current parent; null: the root. */
    readonly parent: string | null | undefined,
    readonly placement?: Placement,
  ) {
    super();
  }
}

/** Moving is an admin's; the new parent must be a collection of the organization the caller can see. */
@CommandHandler(MoveSpace)
export class MoveSpaceHandler extends SpaceHandler implements ICommandHandler<MoveSpace> {
  constructor(
    aggregates: Aggregates,
    spaces: SpaceReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, spaces, config);
  }

  async execute({ caller, spaceId, parent: requested, placement }: MoveSpace) {
    const space = await this.administered(caller, spaceId, 'move this space');
    const parent = requested === undefined ? space.parent : requested;
    if (parent && parent !== space.parent) await this.collections.parentFor(caller, space.organizationId, parent);
    const slot = await this.siblings.slot(space.organizationId, parent, placement, spaceId);
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'MoveSpace', parent, slot }, caller);
    return this.read(caller, spaceId);
  }
}

export class TransferSpace extends Command<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly organizationId: string,
    readonly parent?: string,
  ) {
    super();
  }
}

/** To another organization (at the end of its root, or of `parent` there); the caller must be admin of both. */
@CommandHandler(TransferSpace)
export class TransferSpaceHandler extends SpaceHandler implements ICommandHandler<TransferSpace> {
  constructor(
    aggregates: Aggregates,
    spaces: SpaceReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, spaces, config);
  }

  async execute({ caller, spaceId, organizationId, parent: requested }: TransferSpace) {
    const space = await this.administered(caller, spaceId, 'transfer this space');
    assertAllowed(organizationPermissions(await this.access.organizationRole(caller, space.organizationId)).admin, 'transfer spaces out of this organization');
    assertAllowed(organizationPermissions(await this.access.organizationRole(caller, organizationId)).admin, 'transfer spaces into that organization');
    const parent = requested ?? null;
    if (parent) await this.collections.parentFor(caller, organizationId, parent);
    const position = await this.siblings.endKey(organizationId, parent);
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'TransferSpace', organizationId, parent, position }, caller);
    return this.read(caller, spaceId);
  }
}
