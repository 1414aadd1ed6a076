import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Decider } from '@folio/platform/domain/decider';
import { newId } from '@folio/platform/ids';
import { ContentTouched, changeRequestStream } from '@folio/content/change-requests/change-request.events';
import { changeRequestDecider } from '@folio/content/change-requests/change-request.decider';
import { RevisionGitCommit, RevisionRecord } from '@folio/content/revisions/revision.model';
import { SpaceEvent, spaceStream } from '@folio/content/spaces/space.events';
import { spaceDecider, SpaceState } from '@folio/content/spaces/space.decider';
import { ContentTrees, diffTrees, TreeEditor } from '@folio/kernel/tree/content-trees';
import { TestServer } from './server';

/**
 * Content for read tests, written the way the write side will: a tree built through the app's ContentTrees,
 * then an event naming it, appended through the app's Aggregates. Until the content write route and the
 * merge route exist, this file is the one place that writes content: switch it to them when they land.
 */
type Build = (editor: TreeEditor, now: string) => Promise<void>;
/** What the new revision records besides its content: `git`, the commit a Git Sync import read it from. */
type Seeded = { git?: RevisionGitCommit };

const callerOf = (userId: string): Caller => ({ userId, source: 'script', correlationId: 'content-seed' });

/** Main moves to a new `edits` revision: its tree with `build`'s changes. */
export async function seedMain(server: TestServer, userId: string, spaceId: string, build: Build, seeded: Seeded = {}): Promise<RevisionRecord> {
  const aggregates = server.app.get(Aggregates);
  const { state } = await aggregates.load(spaceStream(spaceId), spaceDecider);
  if (state.status === 'none') throw new Error(`no space ${spaceId}`);
  const { revision } = await edited(server, userId, state.revision, state.tree, build, seeded);
  await aggregates.handle(spaceStream(spaceId), mainTakes, { revision }, callerOf(userId));
  return revision;
}

/** A change request's head moves to a new `edits` revision: its tree with `build`'s changes. */
export async function seedChangeRequest(
  server: TestServer,
  userId: string,
  spaceId: string,
  number: number,
  build: Build,
  seeded: Seeded = {},
): Promise<RevisionRecord> {
  const aggregates = server.app.get(Aggregates);
  const stream = changeRequestStream(spaceId, number);
  const { state } = await aggregates.load(stream, changeRequestDecider);
  if (state.status === 'none') throw new Error(`no change request ${number} in ${spaceId}`);
  const { revision, touched } = await edited(server, userId, state.head.revision, state.head.tree, build, seeded);
  await aggregates.handle(stream, changeRequestDecider, { type: 'EditContent', revision, basedOn: state.head.revision, touched }, callerOf(userId));
  return revision;
}

/** Main takes a change request's head as it is (main has not moved since the request started): a `merge` revision. */
export async function seedMerge(server: TestServer, userId: string, spaceId: string, number: number): Promise<RevisionRecord> {
  const aggregates = server.app.get(Aggregates);
  const stream = changeRequestStream(spaceId, number);
  const { state: request } = await aggregates.load(stream, changeRequestDecider);
  const { state: space } = await aggregates.load(spaceStream(spaceId), spaceDecider);
  if (request.status === 'none' || space.status === 'none') throw new Error(`no change request ${number} in ${spaceId}`);
  const now = server.app.get(Clock).nowIso();
  const revision: RevisionRecord = {
    id: newId(), type: 'merge', parents: [space.revision, request.head.revision], tree: request.head.tree, createdBy: userId, createdAt: now,
  };
  const changeRequest = { id: request.changeRequestId, number };
  await aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'MergeChangeRequest', changeRequest, basedOn: space.revision, revision }, callerOf(userId));
  await aggregates.handle(stream, changeRequestDecider, { type: 'MarkMerged', revisionMerged: revision.id, head: request.head.revision, mergedBy: userId }, callerOf(userId));
  return revision;
}

async function edited(server: TestServer, userId: string, parent: string, tree: string, build: Build, seeded: Seeded) {
  const trees = server.app.get(ContentTrees);
  const now = server.app.get(Clock).nowIso();
  const editor = await trees.edit(tree);
  await build(editor, now);
  const revision: RevisionRecord = {
    id: newId(), type: 'edits', parents: [parent], tree: await editor.commit(), createdBy: userId, createdAt: now, ...(seeded.git && { git: seeded.git }),
  };
  const diff = await diffTrees(await trees.open(tree), await trees.open(revision.tree));
  const touched: ContentTouched = {
    pagesCreated: diff.pages.filter((c) => !c.before).map((c) => c.id),
    pagesUpdated: diff.pages.filter((c) => c.before && c.after).map((c) => c.id),
    pagesDeleted: diff.pages.filter((c) => !c.after).map((c) => c.id),
    files: diff.files.map((c) => c.id),
  };
  return { revision, touched };
}

/** The space's own state, deciding one thing: main takes the seeded revision. */
const mainTakes: Decider<{ revision: RevisionRecord; now: string }, SpaceEvent, SpaceState> = {
  initialState: spaceDecider.initialState,
  evolve: spaceDecider.evolve,
  decide: ({ revision, now }, state) => {
    if (state.status === 'none') throw new Error('no space');
    return [{ type: 'SpaceContentChanged', data: { spaceId: state.spaceId, organizationId: state.organizationId, revision, changedAt: now } }];
  },
};
