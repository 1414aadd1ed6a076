import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { newId } from '@folio/platform/ids';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';
import { ContentAccess } from '../access/content-access';
import { collectionPermissions } from '@folio/identity/public/content-permissions';
import { Siblings } from '../ordering/siblings';
import { Placement } from '../shared/placement';
import { spaceDecider } from '../spaces/space.decider';
import { spaceStream } from '../spaces/space.events';
import { SpaceReads } from '../spaces/space.reads';
import { collectionDecider } from './collection.decider';
import { CollectionSettings, collectionStream } from './collection.events';
import { CollectionReads } from './collection.reads';
import { collectionResource, CollectionResource } from './collection.resource';

export const DEFAULT_COLLECTION_TITLE = 'Untitled';

abstract class CollectionHandler {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly collections: CollectionReads,
    @Inject(CONFIG) protected readonly config: FolioConfig,
  ) {}

  protected async read(caller: Caller, collectionId: string): Promise<CollectionResource> {
    return collectionResource(await this.collections.visible(caller, collectionId), this.config);
  }

  protected async administered(caller: Caller, collectionId: string, what: string) {
    const view = await this.collections.visible(caller, collectionId);
    assertAllowed(collectionPermissions(view.role).admin, what);
    return view.collection;
  }
}

export class CreateCollection extends Command<CollectionResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly input: { title?: string; parent?: string },
  ) {
    super();
  }
}

@CommandHandler(CreateCollection)
export class CreateCollectionHandler extends CollectionHandler implements ICommandHandler<CreateCollection> {
  constructor(
    aggregates: Aggregates,
    collections: CollectionReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, collections, config);
  }

  async execute({ caller, organizationId, input }: CreateCollection) {
    const role = await this.access.organizationRole(caller, organizationId);
    assertAllowed(organizationPermissions(role).createContent, 'create collections in this organization');
    const parent = input.parent ?? null;
    if (parent) await this.collections.parentFor(caller, organizationId, parent);
    const collectionId = newId();
    await this.aggregates.handle(
      collectionStream(collectionId),
      collectionDecider,
      {
        type: 'CreateCollection',
        collectionId,
        organizationId,
        parent,
        position: await this.siblings.endKey(organizationId, parent),
        settings: { title: input.title ?? DEFAULT_COLLECTION_TITLE, description: '', defaultLevel: 'inherit' },
      },
      caller,
    );
    return this.read(caller, collectionId);
  }
}

export class UpdateCollection extends Command<CollectionResource> {
  constructor(
    readonly caller: Caller,
    readonly collectionId: string,
    readonly changes: Partial<CollectionSettings>,
    /** The collection's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

@CommandHandler(UpdateCollection)
export class UpdateCollectionHandler extends CollectionHandler implements ICommandHandler<UpdateCollection> {
  async execute({ caller, collectionId, changes, ifMatch }: UpdateCollection) {
    await this.administered(caller, collectionId, 'change this collection');
    await this.aggregates.handle(collectionStream(collectionId), collectionDecider, { type: 'UpdateCollection', changes }, caller, { ifMatch });
    return this.read(caller, collectionId);
  }
}

export class DeleteCollection extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly collectionId: string,
  ) {
    super();
  }
}

/**
 * Deletes the collection, then takes every live sub-collection and every space below it to the bin,
 * one append per child stream, each carrying `cascadeFrom` (this collection). Spaces already in the
 * bin keep their own deletion time.
 */
@CommandHandler(DeleteCollection)
export class DeleteCollectionHandler extends CollectionHandler implements ICommandHandler<DeleteCollection> {
  constructor(
    aggregates: Aggregates,
    collections: CollectionReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly spaces: SpaceReads,
  ) {
    super(aggregates, collections, config);
  }

  async execute({ caller, collectionId }: DeleteCollection) {
    await this.administered(caller, collectionId, 'delete this collection');
    const descendants = await this.collections.descendants(collectionId);
    await this.aggregates.handle(collectionStream(collectionId), collectionDecider, { type: 'DeleteCollection' }, caller);
    const cascadeFrom = collectionId;
    for (const child of descendants) {
      await this.aggregates.handle(collectionStream(child.id), collectionDecider, { type: 'DeleteCollection', cascadeFrom }, caller);
    }
    for (const parent of [collectionId, ...descendants.map((c) => c.id)]) {
      for (const space of await this.spaces.all({ parent, deletedAt: null })) {
        await this.aggregates.handle(spaceStream(space.id), spaceDecider, { type: 'DeleteSpace', cascadeFrom }, caller);
      }
    }
  }
}

export class MoveCollection extends Command<CollectionResource> {
  constructor(
    readonly caller: Caller,
    readonly collectionId: string,
    /** undefined: stay under the current parent; null: the root. */
    readonly parent: string | null | undefined,
    readonly placement?: Placement,
  ) {
    super();
  }
}

@CommandHandler(MoveCollection)
export class MoveCollectionHandler extends CollectionHandler implements ICommandHandler<MoveCollection> {
  constructor(
    aggregates: Aggregates,
    collections: CollectionReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, collections, config);
  }

  async execute({ caller, collectionId, parent: requested, placement }: MoveCollection) {
    const collection = await this.administered(caller, collectionId, 'move this collection');
    const parent = requested === undefined ? collection.parent : requested;
    if (parent && parent !== collection.parent && parent !== collectionId) {
      await this.collections.parentFor(caller, collection.organizationId, parent);
    }
    const ancestry = await this.collections.ancestry(parent);
    const slot = ancestry.includes(collectionId)
      ? { lower: null, upper: null } // refused by the decider: into itself or a descendant
      : await this.siblings.slot(collection.organizationId, parent, placement, collectionId);
    await this.aggregates.handle(collectionStream(collectionId), collectionDecider, { type: 'MoveCollection', parent, ancestry, slot }, caller);
    return this.read(caller, collectionId);
  }
}

export class TransferCollection extends Command<CollectionResource> {
  constructor(
    readonly caller: Caller,
    readonly collectionId: string,
    readonly organizationId: string,
  ) {
    super();
  }
}

/**
 * To the end of another organization's root; the caller must be admin of both. Everything below
 * goes along (sub-collections, and spaces live or in the bin), keeping its place in the tree.
 */
@CommandHandler(TransferCollection)
export class TransferCollectionHandler extends CollectionHandler implements ICommandHandler<TransferCollection> {
  constructor(
    aggregates: Aggregates,
    collections: CollectionReads,
    @Inject(CONFIG) config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly spaces: SpaceReads,
    private readonly siblings: Siblings,
  ) {
    super(aggregates, collections, config);
  }

  async execute({ caller, collectionId, organizationId }: TransferCollection) {
    const collection = await this.administered(caller, collectionId, 'transfer this collection');
    const from = await this.access.organizationRole(caller, collection.organizationId);
    assertAllowed(organizationPermissions(from).admin, 'transfer collections out of this organization');
    assertAllowed(organizationPermissions(await this.access.organizationRole(caller, organizationId)).admin, 'transfer collections into that organization');
    const descendants = await this.collections.descendants(collectionId);
    const position = await this.siblings.endKey(organizationId, null);
    await this.aggregates.handle(
      collectionStream(collectionId),
      collectionDecider,
      { type: 'TransferCollection', organizationId, parent: null, position },
      caller,
    );
    const cascadeFrom = collectionId;
    for (const child of descendants) {
      await this.aggregates.handle(
        collectionStream(child.id),
        collectionDecider,
        { type: 'TransferCollection', organizationId, parent: child.parent, position: child.position, cascadeFrom },
        caller,
      );
    }
    for (const parent of [collectionId, ...descendants.map((c) => c.id)]) {
      for (const space of await this.spaces.all({ parent, organizationId: collection.organizationId })) {
        await this.aggregates.handle(
          spaceStream(space.id),
          spaceDecider,
          { type: 'TransferSpace', organizationId, parent: space.parent, position: space.position, cascadeFrom },
          caller,
        );
      }
    }
    return this.read(caller, collectionId);
  }
}
