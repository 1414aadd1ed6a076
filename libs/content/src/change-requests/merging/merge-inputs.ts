import { Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { NotFound } from '@folio/platform/domain/errors';
import { spaceDecider, SpaceState } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { Clock } from '@folio/platform/clock';
import { MergeConflict } from '@folio/kernel/merge/merge-conflicts';
import { mergeTrees } from '@folio/kernel/merge/merge-trees';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { baseOf, changeRequestDecider, ExistingChangeRequest } from '../change-request.decider';
import { changeRequestStream } from '../change-request.events';

export type ExistingSpace = Exclude<SpaceState, { status: 'none' }>;

/** The three trees of a merge or an update, as the write side sees them now (from the streams, not the read models). */
export interface MergeInputs {
  space: ExistingSpace;
  changeRequest: ExistingChangeRequest;
  base: TreeSnapshot;
  main: TreeSnapshot;
  head: TreeSnapshot;
  /** Main's and the request's trees each time conflicts were met since the base, newest first: what the request rewrote after is its resolution. */
  met: { main: TreeSnapshot; changeRequest: TreeSnapshot }[];
  /** Main moved past the request's base: a three-way merge is needed (otherwise the request's head is the result). */
  outdated: boolean;
}

@Injectable()
export class MergeInputLoader {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly trees: ContentTrees,
    private readonly clock: Clock,
  ) {}

  async load(spaceId: string, number: number): Promise<MergeInputs> {
    const [{ state: space }, { state: changeRequest }] = await Promise.all([
      this.aggregates.load(spaceStream(spaceId), spaceDecider),
      this.aggregates.load(changeRequestStream(spaceId, number), changeRequestDecider),
    ]);
    if (space.status === 'none' || space.status === 'purged') throw new NotFound('space');
    if (changeRequest.status === 'none') throw new NotFound('change request');
    const base = baseOf(changeRequest);
    const [baseTree, main, head, met] = await Promise.all([
      this.trees.open(base.tree),
      this.trees.open(space.tree),
      this.trees.open(changeRequest.head.tree),
      Promise.all(
        [...changeRequest.conflictsMet]
          .reverse()
          .map(async (met) => ({ main: await this.trees.open(met.main.tree), changeRequest: await this.trees.open(met.head.tree) })),
      ),
    ]);
    return { space, changeRequest, base: baseTree, main, head, met, outdated: base.revision !== space.revision };
  }

  /**
   * The three-way merge of base, main and the request's head, written onto main's tree (a merge) or the
   * head's (an update). Answers the new tree's hash, or the conflicts (then nothing is stored). Blocks the
   * request rewrote after a merge or an update met them in conflict are merged from main's version it met.
   */
  async threeWay(
    inputs: MergeInputs,
    onto: 'main' | 'head',
    { dryRun = false } = {},
  ): Promise<{ tree: string; conflicts?: never } | { conflicts: MergeConflict[] }> {
    const into = await this.trees.edit(onto === 'main' ? inputs.main.hash : inputs.head.hash);
    const { conflicts } = await mergeTrees({ base: inputs.base, main: inputs.main, changeRequest: inputs.head, met: inputs.met }, into, this.clock.nowIso());
    if (conflicts.length > 0 || dryRun) return { conflicts };
    return { tree: await into.commit() };
  }
}
