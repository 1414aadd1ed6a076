import { DefaultLevel } from '../shared/default-level';
import { InheritableMergeRules } from '../shared/merge-rules';
import { RevisionRecord } from '../revisions/revision.model';

export const SPACE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export type SpaceVisibility = (typeof SPACE_VISIBILITIES)[number];
export type EditMode = 'live' | 'locked';

/** The settings PATCH /spaces/{id} changes; `language` null means none set. */
export type SpaceSettings = {
  title: string;
  emoji: string;
  editMode: EditMode;
  defaultLevel: DefaultLevel;
  language: string | null;
  mergeRules: InheritableMergeRules;
};

export type SpaceEvent =
  | {
      type: 'SpaceCreated';
      data: SpaceSettings & {
        spaceId: string;
        organizationId: string;
        parent: string | null;
        /** Fractional sibling key among the parent's spaces and collections. */
        position: string;
        visibility: SpaceVisibility;
        /** Id of the space's first revision: empty, or a copy of the original's content on a duplicate. */
        revision: string;
        /** Hash of the first revision's TreeRoot; absent means the empty tree (spaces created before content). */
        tree?: string;
        createdAt: string;
        /** Set on a copy made by POST /spaces/{id}/duplicate. */
        duplicatedFrom?: string;
      };
    }
  | {
      /** `before` holds the old value of every field in `changes`, for the audit trail. */
      type: 'SpaceUpdated';
      data: { spaceId: string; organizationId: string; changes: Partial<SpaceSettings>; before: Partial<SpaceSettings>; updatedAt: string };
    }
  | {
      type: 'SpaceMoved';
      data: { spaceId: string; organizationId: string; parent: string | null; previousParent: string | null; position: string; movedAt: string };
    }
  | {
      type: 'SpaceTransferred';
      data: {
        spaceId: string;
        /** The new owner. */
        organizationId: string;
        previousOrganizationId: string;
        parent: string | null;
        previousParent: string | null;
        position: string;
        transferredAt: string;
        /** The collection whose transfer carried this space along. */
        cascadeFrom?: string;
      };
    }
  | {
      type: 'SpaceDeleted';
      /** `cascadeFrom`: the collection whose deletion took this space to the bin. */
      data: { spaceId: string; organizationId: string; deletedAt: string; cascadeFrom?: string };
    }
  | {
      /** `parent` is where the space comes back: its collection, or the root when that is gone. */
      type: 'SpaceRestored';
      data: { spaceId: string; organizationId: string; parent: string | null; position: string; restoredAt: string };
    }
  | {
      /**
       * Main's content moved to a new revision: a change request merged (`changeRequest` set, type `merge`),
       * a direct edit (type `edits`, no `changeRequest`: a template applied to main) or a rollback. Appended at the space's stream revision the new content was computed from, so of two
       * merges racing on one space only one wins against that main; the other recomputes.
       */
      type: 'SpaceContentChanged';
      data: {
        spaceId: string;
        organizationId: string;
        revision: RevisionRecord;
        changeRequest?: { id: string; number: number };
        changedAt: string;
      };
    }
  | {
      /** The 7-day retention ran out: the space is gone for good (its history stays in the log). */
      type: 'SpacePurged';
      data: { spaceId: string; organizationId: string; deletedAt: string; purgedAt: string };
    };

export const spaceStream = (spaceId: string) => `space-${spaceId}`;
