import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestEvent } from '../change-requests/change-request.events';
import { SpaceEvent } from '../spaces/space.events';
import { GitSyncEvent } from '../gitsync/remote/git-sync.events';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { RevisionGitCommit, RevisionRecord, RevisionType } from './revision.model';

export const REVISIONS = 'revisions';

/**
 * One document per revision of a space, main's and its change requests' alike: what a content read needs
 * to open the revision's tree (`tree`) and to answer it (type, parents, author, time).
 */
export interface RevisionDoc {
  id: string;
  spaceId: string;
  organizationId: string;
  type: RevisionType;
  parents: string[];
  tree: string;
  createdBy: string;
  createdAt: string;
  git?: RevisionGitCommit;
  /** The change request whose content it is (its edits and updates), or that it merged into main. */
  changeRequest?: { id: string; number: number };
  /** Whether it is one of main's revisions (the space's history), not a change request's. */
  onMain: boolean;
  /** The log position it was recorded at, zero-padded: the space's history sorts by it, newest first. */
  seq: string;
  [key: string]: unknown;
}

export const seqOf = (position: string) => position.padStart(20, '0');

function revisionDoc(
  record: RevisionRecord,
  at: { spaceId: string; organizationId: string; position: string; onMain: boolean; changeRequest?: { id: string; number: number } },
): RevisionDoc {
  return {
    id: record.id,
    spaceId: at.spaceId,
    organizationId: at.organizationId,
    type: record.type,
    parents: record.parents,
    tree: record.tree,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    ...(record.git ? { git: record.git } : {}),
    ...(at.changeRequest ? { changeRequest: at.changeRequest } : {}),
    onMain: at.onMain,
    seq: seqOf(at.position),
  };
}

/** A change request's own revision (edits, updates from main): the request's head, never main's. */
const changeRequestRevision = async (
  { data, position }: { data: { revision: RevisionRecord; spaceId: string; organizationId: string; changeRequestId: string; number: number }; position: string },
  tx: ReadTransaction,
) =>
  tx.upsert(
    REVISIONS,
    revisionDoc(data.revision, {
      spaceId: data.spaceId,
      organizationId: data.organizationId,
      position,
      onMain: false,
      changeRequest: { id: data.changeRequestId, number: data.number },
    }),
  );

/**
 * `content-revisions`: every revision events record. A space's first revision comes with `SpaceCreated`
 * (empty, or a duplicate's copy of its original's content); main moves with `SpaceContentChanged`; a
 * change request starts at main's revision of the time (`ChangeRequestCreated` records none) and adds its
 * own with each content edit and update from main; a Git Sync operation's success names its commit on its revision.
 */
export const revisionProjection = defineProjection<SpaceEvent | ChangeRequestEvent | GitSyncEvent>(
  'content-revisions',
  [{ name: REVISIONS, indexes: [['spaceId', 'onMain', 'seq'], ['spaceId']] }],
  {
    SpaceCreated: async ({ data, metadata, position }, tx) =>
      tx.upsert(
        REVISIONS,
        revisionDoc(
          { id: data.revision, type: 'edits', parents: [], tree: data.tree ?? EMPTY_TREE_HASH, createdBy: metadata.actor, createdAt: data.createdAt },
          { spaceId: data.spaceId, organizationId: data.organizationId, position, onMain: true },
        ),
      ),
    SpaceContentChanged: async ({ data, position }, tx) =>
      tx.upsert(
        REVISIONS,
        revisionDoc(data.revision, {
          spaceId: data.spaceId,
          organizationId: data.organizationId,
          position,
          onMain: true,
          ...(data.changeRequest ? { changeRequest: data.changeRequest } : {}),
        }),
      ),
    ChangeRequestContentEdited: changeRequestRevision,
    ChangeRequestUpdatedFromMain: changeRequestRevision,
    // The revisions follow their space to its new organization: they are its content, wherever it lives.
    SpaceTransferred: async ({ data }, tx) => {
      for (const revision of await tx.findAll<RevisionDoc>(REVISIONS, { spaceId: data.spaceId })) {
        await tx.patch(REVISIONS, revision.id, { organizationId: data.organizationId });
      }
    },
    SpacePurged: async ({ data }, tx) => tx.deleteMany(REVISIONS, { spaceId: data.spaceId }),
    /**
     * A one-off Git Sync operation names the commit on the revision it made or exported (the commit comes
     * after the revision, so it is metadata added to it): Folio's own commit for an export, one from outside
     * for an import's merge. An import leaves a revision that names a commit already (its change request's
     * head) as it is; an export names its commit on the revision it wrote, whatever it named before (the
     * latest commit that holds exactly that content).
     */
    GitSyncOperationSucceeded: async ({ data }, tx) => {
      if (!data.revision || !data.commit) return;
      const revision = await tx.get<RevisionDoc>(REVISIONS, data.revision);
      if (!revision || (revision.git && data.direction === 'import')) return;
      await tx.patch(REVISIONS, revision.id, { git: { ...data.commit, createdByGitBook: data.direction === 'export' } });
    },
    /** Git → Folio: main's revision a pulled commit made names that commit (or the merge commit Folio pushed for it). */
    GitSyncCommitImported: async ({ data }, tx) => {
      if (await tx.get<RevisionDoc>(REVISIONS, data.revision)) await tx.patch(REVISIONS, data.revision, { git: data.commit });
    },
    /** A conflicted import's merge, pushed as a merge commit. */
    GitSyncConflictResolved: async ({ data }, tx) => {
      if (data.commit && (await tx.get<RevisionDoc>(REVISIONS, data.revision))) await tx.patch(REVISIONS, data.revision, { git: { ...data.commit, createdByGitBook: true } });
    },
    /** Folio → Git: main's revision became Folio's own commit on the connected branch. */
    GitSyncRevisionPushed: async ({ data }, tx) => {
      if (await tx.get<RevisionDoc>(REVISIONS, data.revision)) await tx.patch(REVISIONS, data.revision, { git: { ...data.commit, createdByGitBook: true } });
    },
  },
);
