import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Conflict } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { ContentTrees, TreeEditor } from '@folio/kernel/tree/content-trees';
import { RevisionGitCommit, RevisionRecord } from '@folio/content/revisions/revision.model';
import { assertUnlocked, spaceDecider } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { changeRequestDecider, ExistingChangeRequest, MergeUnderWay, StaleHead } from '../change-request.decider';
import { changeRequestStream, ContentTouched } from '../change-request.events';

/** Times a change is applied again on a head another edit moved meanwhile. */
const MAX_ATTEMPTS = 5;

/** One application of a change to the head: what the caller answers, and what it touched. */
export interface HeadEdit<T> {
  result: T;
  touched: ContentTouched;
}

/**
 * Applies `change` to a change request's head on one tree editor and records the new tree as one `edits`
 * revision (EditContent, on the head it was applied to). When another edit moved the head first, `change` runs
 * again on the new head (bounded); a change that leaves the tree as it was writes nothing. A locked space, a
 * merged request and one being merged are refused before `change` runs (the decider refuses them too). `git`,
 * the commit the change was read from (a Git Sync import's), goes on the revision appended.
 */
export async function editRequestHead<T>(
  deps: { aggregates: Aggregates; trees: ContentTrees; clock: Clock },
  caller: Caller,
  request: { spaceId: string; number: number; git?: RevisionGitCommit },
  change: (editor: TreeEditor, state: ExistingChangeRequest, now: string) => Promise<HeadEdit<T>>,
): Promise<T> {
  const { aggregates, trees, clock } = deps;
  const { state: space } = await aggregates.load(spaceStream(request.spaceId), spaceDecider);
  if (space.status !== 'none') assertUnlocked(space.settings);
  const stream = changeRequestStream(request.spaceId, request.number);
  for (let attempt = 1; ; attempt++) {
    const { state } = await aggregates.load(stream, changeRequestDecider);
    if (state.status === 'merged') throw new Conflict('The change request is merged: it can no longer change');
    if (state.status === 'none') throw new Conflict('The change request is not there');
    if (state.merging) throw new MergeUnderWay();
    const now = clock.nowIso();
    const editor = await trees.edit(state.head.tree);
    const { result, touched } = await change(editor, state, now);
    const tree = await editor.commit();
    if (tree === state.head.tree) return result;
    const revision: RevisionRecord = { id: newId(), type: 'edits', parents: [state.head.revision], tree, createdBy: caller.userId, createdAt: now, ...(request.git ? { git: request.git } : {}) };
    try {
      await aggregates.handle(stream, changeRequestDecider, { type: 'EditContent', revision, basedOn: state.head.revision, touched }, caller);
      return result;
    } catch (error) {
      if (!(error instanceof StaleHead) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
