import { Aggregates } from '../../libs/platform/src/aggregates/aggregates';
import { Caller } from '../../libs/platform/src/auth/caller';
import { Clock } from '../../libs/platform/src/clock';
import { Decider } from '../../libs/platform/src/domain/decider';
import { newId } from '../../libs/platform/src/ids';
import { RevisionRecord } from '../../libs/content/src/revisions/revision.model';
import { SpaceEvent, spaceStream } from '../../libs/content/src/spaces/space.events';
import { spaceDecider, SpaceState } from '../../libs/content/src/spaces/space.decider';
import { ContentTrees, TreeEditor } from '../../libs/content/src/tree/content-trees';
import { TestServer } from './server';

/**
 * Content for read tests, written the way the write side will: a tree built through the app's
 * ContentTrees, then an event naming it. Until the content write route and merges exist, main moves with a
 * `SpaceContentChanged` (an `edits` revision) appended through the app's Aggregates; this file is the one
 * place to switch to the write route.
 */
export async function seedMain(
  server: TestServer,
  userId: string,
  spaceId: string,
  build: (editor: TreeEditor, now: string) => Promise<void>,
): Promise<RevisionRecord> {
  const aggregates = server.app.get(Aggregates);
  const now = server.app.get(Clock).nowIso();
  const { state } = await aggregates.load(spaceStream(spaceId), spaceDecider);
  if (state.status === 'none') throw new Error(`no space ${spaceId}`);
  const editor = await server.app.get(ContentTrees).edit(state.tree);
  await build(editor, now);
  const revision: RevisionRecord = { id: newId(), type: 'edits', parents: [state.revision], tree: await editor.commit(), createdBy: userId, createdAt: now };
  const caller: Caller = { userId, source: 'script', correlationId: 'content-seed' };
  await aggregates.handle(spaceStream(spaceId), contentSeed, { revision }, caller);
  return revision;
}

/** The space's own state, deciding one thing: main takes the seeded revision. */
const contentSeed: Decider<{ revision: RevisionRecord; now: string }, SpaceEvent, SpaceState> = {
  initialState: spaceDecider.initialState,
  evolve: spaceDecider.evolve,
  decide: ({ revision, now }, state) => {
    if (state.status === 'none') throw new Error('no space');
    return [{ type: 'SpaceContentChanged', data: { spaceId: state.spaceId, organizationId: state.organizationId, revision, changedAt: now } }];
  },
};
