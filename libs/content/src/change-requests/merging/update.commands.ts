import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Conflict } from '@folio/platform/domain/errors';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { newId } from '@folio/platform/ids';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { assertUnlocked } from '@folio/content/spaces/space.decider';
import { changeRequestDecider, MergeUnderWay, StaleHead } from '../change-request.decider';
import { changeRequestStream } from '../change-request.events';
import { ChangeRequestReads } from '../change-request.reads';
import { MergeInputLoader } from './merge-inputs';

const MAX_ATTEMPTS = 5;

export interface UpdateOutcome {
  revision: string;
  result: 'update' | 'conflicts';
}

export class UpdateChangeRequestFromMain extends Command<UpdateOutcome> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
  ) {
    super();
  }
}

/**
 * Main pulled into the request: the same three-way merge as a merge, written onto the request's head as
 * an `update` revision (parents: the head and main) whose merged ancestor is main's revision. A request
 * already up to date writes nothing and answers its head; one that meets conflicts records main's revision
 * it met them with (once per main and head), and its content is left as it is.
 */
@CommandHandler(UpdateChangeRequestFromMain)
export class UpdateFromMainHandler implements ICommandHandler<UpdateChangeRequestFromMain> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly inputs: MergeInputLoader,
    private readonly clock: Clock,
  ) {}

  async execute({ caller, spaceId, changeRequestId }: UpdateChangeRequestFromMain): Promise<UpdateOutcome> {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.edit, 'update this change request');
    assertUnlocked(view.space);
    const { number } = view.changeRequest;
    for (let attempt = 1; ; attempt++) {
      const inputs = await this.inputs.load(spaceId, number);
      const { changeRequest, space } = inputs;
      if (changeRequest.status === 'merged') throw new Conflict('The change request is merged: it cannot change');
      if (changeRequest.merging) throw new MergeUnderWay();
      if (!inputs.outdated) return { revision: changeRequest.head.revision, result: 'update' };
      const merged = await this.inputs.threeWay(inputs, 'head');
      if (merged.conflicts) {
        // What the request changes from now on resolves them (see MergeInputLoader.threeWay).
        const main = { revision: space.revision, tree: space.tree };
        await this.aggregates.handle(changeRequestStream(spaceId, number), changeRequestDecider, { type: 'RecordConflicts', main }, caller);
        return { revision: changeRequest.head.revision, result: 'conflicts' };
      }
      const revision: RevisionRecord = {
        id: newId(),
        type: 'update',
        parents: [changeRequest.head.revision, space.revision],
        tree: merged.tree,
        createdBy: caller.userId,
        createdAt: this.clock.nowIso(),
      };
      try {
        await this.aggregates.handle(
          changeRequestStream(spaceId, number),
          changeRequestDecider,
          { type: 'UpdateFromMain', revision, basedOn: changeRequest.head.revision, mergedAncestor: { revision: space.revision, tree: space.tree } },
          caller,
        );
        return { revision: revision.id, result: 'update' };
      } catch (error) {
        if (error instanceof StaleHead && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }
}
