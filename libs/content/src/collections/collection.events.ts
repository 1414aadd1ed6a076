import { DefaultLevel } from '../shared/default-level';

export type CollectionSettings = {
  title: string;
  /** '' when none was given. */
  description: string;
  defaultLevel: DefaultLevel;
};

export type CollectionEvent =
  | {
      type: 'CollectionCreated';
      data: CollectionSettings & { collectionId: string; organizationId: string; parent: string | null; position: string; createdAt: string };
    }
  | {
      type: 'CollectionUpdated';
      data: {
        collectionId: string;
        organizationId: string;
        changes: Partial<CollectionSettings>;
        before: Partial<CollectionSettings>;
        updatedAt: string;
      };
    }
  | {
      type: 'CollectionMoved';
      data: { collectionId: string; organizationId: string; parent: string | null; previousParent: string | null; position: string; movedAt: string };
    }
  | {
      type: 'CollectionTransferred';
      data: {
        collectionId: string;
        organizationId: string;
        previousOrganizationId: string;
        parent: string | null;
        previousParent: string | null;
        position: string;
        transferredAt: string;
        /** The ancestor collection whose transfer carried this one along. */
        cascadeFrom?: string;
      };
    }
  | {
      /** `cascadeFrom`: the ancestor collection whose deletion took this one along. */
      type: 'CollectionDeleted';
      data: { collectionId: string; organizationId: string; deletedAt: string; cascadeFrom?: string };
    };

export const collectionStream = (collectionId: string) => `collection-${collectionId}`;
