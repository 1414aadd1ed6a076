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
import { CollectionCascade } from '../cascade/collection-cascade';
import { collectionDecider } from './collection.decider';
import { CollectionSettings, collectionStream } from './collection.events';
import { CollectionReads } from './collection.reads';
import { collectionResource, CollectionResource } from './collection.resource';

/** The collection as the caller sees it now (after a write). */
async function read(collections: CollectionReads, config: FolioConfig, caller: Caller, collectionId: string): Promise<CollectionResource> {
  return collectionResource(await collections.visible(caller, collectionId), config);
}

/** The collection, 404 when the caller may not know it, 403 without admin on it. */
async function administered(collections: CollectionReads, caller: Caller, collectionId: string, what: string) {
  const view = await collections.visible(caller, collectionId);
  assertAllowed(collectionPermissions(view.role).admin, what);
  return view.collection;
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
export class CreateCollectionHandler implements ICommandHandler<CreateCollection> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly collections: CollectionReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly siblings: Siblings,
  ) {}

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
        settings: { title: input.title },
      },
      caller,
    );
    return read(this.collections, this.config, caller, collectionId);
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
export class UpdateCollectionHandler implements ICommandHandler<UpdateCollection> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly collections: CollectionReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, collectionId, changes, ifMatch }: UpdateCollection) {
    await administered(this.collections, caller, collectionId, 'change this collection');
    await this.aggregates.handle(collectionStream(collectionId), collectionDecider, { type: 'UpdateCollection', changes }, caller, { ifMatch });
    return read(this.collections, this.config, caller, collectionId);
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
 * Deletes the collection, then everything below it (CollectionCascade) before answering, so the
 * caller's next read sees it all gone. Should this stop half-way, the cascade process finishes it.
 */
@CommandHandler(DeleteCollection)
export class DeleteCollectionHandler implements ICommandHandler<DeleteCollection> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly collections: CollectionReads,
    private readonly cascade: CollectionCascade,
  ) {}

  async execute({ caller, collectionId }: DeleteCollection) {
    await administered(this.collections, caller, collectionId, 'delete this collection');
    const { events } = await this.aggregates.handle(collectionStream(collectionId), collectionDecider, { type: 'DeleteCollection' }, caller);
    for (const event of events) if (event.type === 'CollectionDeleted') await this.cascade.complete(event, caller);
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
export class MoveCollectionHandler implements ICommandHandler<MoveCollection> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly collections: CollectionReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly siblings: Siblings,
  ) {}

  async execute({ caller, collectionId, parent: requested, placement }: MoveCollection) {
    const collection = await administered(this.collections, caller, collectionId, 'move this collection');
    const parent = requested === undefined ? collection.parent : requested;
    if (parent && parent !== collection.parent && parent !== collectionId) {
      await this.collections.parentFor(caller, collection.organizationId, parent);
    }
    const ancestry = await this.collections.ancestry(parent);
    const slot = ancestry.includes(collectionId)
      ? { lower: null, upper: null } // refused by the decider: into itself or a descendant
      : await this.siblings.slot(collection.organizationId, parent, placement, collectionId);
    await this.aggregates.handle(collectionStream(collectionId), collectionDecider, { type: 'MoveCollection', parent, ancestry, slot }, caller);
    return read(this.collections, this.config, caller, collectionId);
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
 * goes along (sub-collections, and spaces live or in the bin), keeping its place in the tree: the
 * cascade runs before the answer, and the cascade process finishes it should this stop half-way.
 */
@CommandHandler(TransferCollection)
export class TransferCollectionHandler implements ICommandHandler<TransferCollection> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly collections: CollectionReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly access: ContentAccess,
    private readonly siblings: Siblings,
    private readonly cascade: CollectionCascade,
  ) {}

  async execute({ caller, collectionId, organizationId }: TransferCollection) {
    const collection = await administered(this.collections, caller, collectionId, 'transfer this collection');
    const from = await this.access.organizationRole(caller, collection.organizationId);
    assertAllowed(organizationPermissions(from).admin, 'transfer collections out of this organization');
    assertAllowed(organizationPermissions(await this.access.organizationRole(caller, organizationId)).admin, 'transfer collections into that organization');
    const position = await this.siblings.endKey(organizationId, null);
    const { events } = await this.aggregates.handle(
      collectionStream(collectionId),
      collectionDecider,
      { type: 'TransferCollection', organizationId, parent: null, position },
      caller,
    );
    for (const event of events) if (event.type === 'CollectionTransferred') await this.cascade.complete(event, caller);
    return read(this.collections, this.config, caller, collectionId);
  }
}
