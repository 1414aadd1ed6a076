import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Conflict } from '@folio/platform/domain/errors';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { newId } from '@folio/platform/ids';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { assertUnlocked, spaceDecider, StaleMain } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { changeRequestDecider } from '../change-request.decider';
import { changeRequestStream } from '../change-request.events';
import { ChangeRequestReads } from '../change-request.reads';
import { MergeGate } from './merge-gate';
import { MergeInputLoader } from './merge-inputs';

/** Bounded: each attempt lost to another merge on the same space starts again from the new main. */
const MAX_ATTEMPTS = 5;

export interface MergeOutcome {
  revision: string;
  result: 'merge' | 'conflicts';
}

export class MergeChangeRequest extends Command<MergeOutcome> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
  ) {
    super();
  }
}

/**
 * Main takes the request's content: a `merge` revision whose parents are main's revision and the
 * request's head, appended to the space's stream at the revision the merge was computed from. When main
 * moved meanwhile (another merge won), the merge is computed again on the new main; overlapping edits
 * answer `conflicts` and write nothing. The request is marked merged after main moved; should the process
 * die in between, MergeCompletion marks it from the log.
 */
@CommandHandler(MergeChangeRequest)
export class MergeChangeRequestHandler implements ICommandHandler<MergeChangeRequest> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly inputs: MergeInputLoader,
    private readonly gate: MergeGate,
    private readonly clock: Clock,
  ) {}

  async execute({ caller, spaceId, changeRequestId }: MergeChangeRequest): Promise<MergeOutcome> {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.merge, 'merge this change request');
    if (view.changeRequest.status === 'merged') throw new Conflict('The change request is already merged');
    if (view.changeRequest.status === 'archived') throw new Conflict('The change request is archived: reopen it to merge it');
    assertUnlocked(view.space);
    await this.gate.assertMayMerge(view, caller);
    const { number, id } = view.changeRequest;
    for (let attempt = 1; ; attempt++) {
      const inputs = await this.inputs.load(spaceId, number);
      if (inputs.changeRequest.status === 'merged') throw new Conflict('The change request is already merged');
      // Main has not moved since the base: the request's content is the result as it is.
      const merged = inputs.outdated ? await this.inputs.threeWay(inputs, 'main') : { tree: inputs.head.hash };
      if (merged.conflicts) return { revision: inputs.space.revision, result: 'conflicts' };
      const { tree } = merged;
      const revision: RevisionRecord = {
        id: newId(),
        type: 'merge',
        parents: [inputs.space.revision, inputs.changeRequest.head.revision],
        tree,
        createdBy: caller.userId,
        createdAt: this.clock.nowIso(),
      };
      try {
        const { events } = await this.aggregates.handle(
          spaceStream(spaceId),
          spaceDecider,
          { type: 'MergeChangeRequest', changeRequest: { id, number }, basedOn: inputs.space.revision, revision },
          caller,
        );
        // The space already holds a merge of this request: a concurrent merge of it won.
        if (events.length === 0) throw new Conflict('The change request is already merged');
      } catch (error) {
        if (error instanceof StaleMain && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      await this.aggregates.handle(
        changeRequestStream(spaceId, number),
        changeRequestDecider,
        { type: 'MarkMerged', revisionMerged: revision.id, mergedBy: caller.userId },
        caller,
      );
      return { revision: revision.id, result: 'merge' };
    }
  }
}
