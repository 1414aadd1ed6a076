import { defineProjection } from '@folio/platform/projections/projection';
import { DefaultLevel } from '../shared/default-level';
import { CollectionEvent } from './collection.events';

export const COLLECTIONS = 'collections';

/** One document per collection; deleted ones keep theirs with `deletedAt` (their binned spaces point at them). */
export interface CollectionDoc {
  id: string;
  organizationId: string;
  parent: string | null;
  position: string;
  title: string;
  description: string;
  defaultLevel: DefaultLevel;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  /** Revision of the collection's stream: its ETag. */
  streamRevision: string;
  [key: string]: unknown;
}

export const collectionProjection = defineProjection<CollectionEvent>(
  'content-collections',
  [
    {
      name: COLLECTIONS,
      indexes: [
        ['organizationId', 'parent', 'position'],
        ['organizationId', 'createdAt'],
        ['parent', 'position'],
      ],
    },
  ],
  {
    CollectionCreated: async ({ data, revision }, tx) => {
      const doc: CollectionDoc = {
        id: data.collectionId,
        organizationId: data.organizationId,
        parent: data.parent,
        position: data.position,
        title: data.title,
        description: data.description,
        defaultLevel: data.defaultLevel,
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
        streamRevision: String(revision),
      };
      await tx.upsert(COLLECTIONS, doc);
    },
    CollectionUpdated: async ({ data, revision }, tx) =>
      tx.patch(COLLECTIONS, data.collectionId, { ...data.changes, updatedAt: data.updatedAt, streamRevision: String(revision) }),
    CollectionMoved: async ({ data, revision }, tx) =>
      tx.patch(COLLECTIONS, data.collectionId, {
        parent: data.parent,
        position: data.position,
        updatedAt: data.movedAt,
        streamRevision: String(revision),
      }),
    CollectionTransferred: async ({ data, revision }, tx) =>
      tx.patch(COLLECTIONS, data.collectionId, {
        organizationId: data.organizationId,
        parent: data.parent,
        position: data.position,
        updatedAt: data.transferredAt,
        streamRevision: String(revision),
      }),
    CollectionDeleted: async ({ data, revision }, tx) =>
      tx.patch(COLLECTIONS, data.collectionId, { deletedAt: data.deletedAt, updatedAt: data.deletedAt, streamRevision: String(revision) }),
  },
);
