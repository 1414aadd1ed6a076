import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { newId } from '@folio/platform/ids';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';
import { ContentAccess } from '../access/content-access';
import { CopySpace } from '../public/copy-space.command';
import { spacePermissions } from '@folio/identity/public/content-permissions';
import { CollectionReads } from '../collections/collection.reads';
import { keyBetween } from '@folio/platform/domain/sibling-order';
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

/** The space as the caller sees it now (after a write). */
async function read(spaces: SpaceReads, config: FolioConfig, caller: Caller, spaceId: string): Promise<SpaceResource> {
  return spaceResource(await spaces.visible(caller, spaceId), config);
}

/** The space, 404 when the caller may not know it, 403 without admin on it. */
async function administered(spaces: SpaceReads, caller: Caller, spaceId: string, what: string) {
  const view = await spaces.visible(caller, spaceId);
  assertAllowed(spacePermissions(view.role).admin, what);
  return view.space;
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
export class CreateSpaceHandler implements ICommandHandler<CreateSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {}

  async execute({ caller, organizationId, input }: CreateSpace) {
    const role = await this.access.organizationRole(caller, organizationId);
    assertAllowed(organizationPermissions(role).createContent, 'create spaces in this organization');
    const parent = input.parent ?? null;
    if (parent) await this.collections.parentFor(caller, organizationId, parent);
    const spaceId = newId();
    const { title, emoji, editMode, language } = input;
    await this.aggregates.handle(
      spaceStream(spaceId),
      spaceDecider,
      {
        type: 'CreateSpace',
        spaceId,
        organizationId,
        parent,
        position: await this.siblings.endKey(organizationId, parent),
        settings: { title, emoji, editMode, language },
        revision: newId(),
      },
      caller,
    );
    return read(this.spaces, this.config, caller, spaceId);
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
export class UpdateSpaceHandler implements ICommandHandler<UpdateSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changes, ifMatch }: UpdateSpace) {
    const { role } = await this.spaces.visible(caller, spaceId);
    const permissions = spacePermissions(role);
    if (ADMIN_SETTINGS.some((key) => changes[key] !== undefined)) {
      assertAllowed(permissions.admin, 'change the edit mode, default level or merge rules of this space');
    } else {
      assertAllowed(permissions.edit, 'change this space');
    }
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'UpdateSpace', changes }, caller, { ifMatch });
    return read(this.spaces, this.config, caller, spaceId);
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
export class DeleteSpaceHandler implements ICommandHandler<DeleteSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
  ) {}

  async execute({ caller, spaceId }: DeleteSpace) {
    await administered(this.spaces, caller, spaceId, 'delete this space');
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
export class RestoreSpaceHandler implements ICommandHandler<RestoreSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {}

  async execute({ caller, spaceId }: RestoreSpace) {
    const space = await administered(this.spaces, caller, spaceId, 'restore this space');
    const collection = space.parent ? await this.collections.get(space.parent) : null;
    const home = collection && !collection.deletedAt && collection.organizationId === space.organizationId;
    const parent = home ? space.parent : null;
    const position = home ? space.position : await this.siblings.endKey(space.organizationId, null);
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'RestoreSpace', parent, position }, caller);
    return read(this.spaces, this.config, caller, spaceId);
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
export class DuplicateSpaceHandler implements ICommandHandler<DuplicateSpace> {
  constructor(
    private readonly commands: CommandBus,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId }: DuplicateSpace) {
    const copyId = newId();
    await this.commands.execute(new CopySpace(caller, spaceId, copyId));
    return read(this.spaces, this.config, caller, copyId);
  }
}

/** The copy under an id the asker chose: made once, however often it is asked for. */
@CommandHandler(CopySpace)
export class CopySpaceHandler implements ICommandHandler<CopySpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    private readonly siblings: Siblings,
  ) {}

  async execute({ caller, spaceId, copyId }: CopySpace) {
    // Asked again (a duplication resumed after a crash): the copy made the first time is the answer.
    const { state: copy } = await this.aggregates.load(spaceStream(copyId), spaceDecider);
    if (copy.status !== 'none') return;
    const space = await administered(this.spaces, caller, spaceId, 'duplicate this space');
    // The original's rules (deleted? then no copy) are the decider's, on its state from its stream.
    const { state: original } = await this.aggregates.load(spaceStream(spaceId), spaceDecider);
    const slot =
      original.status === 'active'
        ? await this.siblings.slot(space.organizationId, space.parent, { after: { type: 'space', space: spaceId } }, null)
        : { lower: null, upper: null }; // refused by the decider: a deleted space is no sibling to go after
    try {
      await this.aggregates.handle(
        spaceStream(copyId),
        spaceDecider,
        { type: 'DuplicateSpace', spaceId: copyId, original, position: keyBetween(slot.lower, slot.upper), revision: newId() },
        caller,
      );
    } catch (error) {
      // The same copy asked for twice at once (the request and the process resuming it): one made it.
      if ((await this.aggregates.load(spaceStream(copyId), spaceDecider)).state.status === 'none') throw error;
    }
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
export class MoveSpaceHandler implements ICommandHandler<MoveSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {}

  async execute({ caller, spaceId, parent: requested, placement }: MoveSpace) {
    const space = await administered(this.spaces, caller, spaceId, 'move this space');
    const parent = requested === undefined ? space.parent : requested;
    if (parent && parent !== space.parent) await this.collections.parentFor(caller, space.organizationId, parent);
    const slot = await this.siblings.slot(space.organizationId, parent, placement, spaceId);
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'MoveSpace', parent, slot }, caller);
    return read(this.spaces, this.config, caller, spaceId);
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
export class TransferSpaceHandler implements ICommandHandler<TransferSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly collections: CollectionReads,
    private readonly siblings: Siblings,
  ) {}

  async execute({ caller, spaceId, organizationId, parent: requested }: TransferSpace) {
    const space = await administered(this.spaces, caller, spaceId, 'transfer this space');
    assertAllowed(organizationPermissions(await this.access.organizationRole(caller, space.organizationId)).admin, 'transfer spaces out of this organization');
    assertAllowed(organizationPermissions(await this.access.organizationRole(caller, organizationId)).admin, 'transfer spaces into that organization');
    const parent = requested ?? null;
    if (parent) await this.collections.parentFor(caller, organizationId, parent);
    const position = await this.siblings.endKey(organizationId, parent);
    await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'TransferSpace', organizationId, parent, position }, caller);
    return read(this.spaces, this.config, caller, spaceId);
  }
}
