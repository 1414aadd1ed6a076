import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Conflict, DomainError } from '@folio/platform/domain/errors';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { newId } from '@folio/platform/ids';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { assertUnlocked, spaceDecider, StaleMain } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { changeRequestDecider, ExistingChangeRequest, MergeMark, RevisionRef } from '../change-request.decider';
import { changeRequestStream, MergeAbandonReason } from '../change-request.events';
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
 * Main takes the request's content, in three appends the request's stream fences:
 * 1. the request records that it is merging its head (`StartMerge`): from then on nothing changes the head;
 * 2. main takes a `merge` revision (parents: main's revision and that head), appended to the space's stream
 *    at the revision it was computed from and within the merge's lease; when main moved meanwhile (another
 *    merge won) the merge is computed again on the new main, bounded;
 * 3. the request is marked merged at the head it recorded (`MarkMerged`).
 * A merge that ends otherwise (conflicts, a refusal, too many lost races) releases the mark; should the
 * process die on the way, MergeCompletion finishes step 3 or releases the mark once its lease ran out.
 */
@CommandHandler(MergeChangeRequest)
export class MergeChangeRequestHandler implements ICommandHandler<MergeChangeRequest> {
  private readonly logger = new Logger('merge');

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
    const stream = changeRequestStream(spaceId, number);
    const mergeId = newId();
    const { state } = await this.aggregates.handle(stream, changeRequestDecider, { type: 'StartMerge', mergeId }, caller);
    const mark = (state as ExistingChangeRequest).merging!;
    let outcome: Attempt;
    try {
      outcome = await this.attempt(caller, spaceId, { id, number }, mark);
    } catch (error) {
      // A refusal (a domain error) wrote nothing; a store call that failed otherwise may have: the mark then
      // stays for MergeCompletion to settle.
      if (error instanceof DomainError) await this.abandon(stream, mergeId, 'failed', caller);
      throw error;
    }
    if (outcome.conflicts) {
      await this.abandon(stream, mergeId, 'conflicts', caller, outcome.main);
      return { revision: outcome.main.revision, result: 'conflicts' };
    }
    await this.aggregates.handle(
      stream,
      changeRequestDecider,
      { type: 'MarkMerged', revisionMerged: outcome.revision, head: mark.head, mergedBy: caller.userId },
      caller,
    );
    return { revision: outcome.revision, result: 'merge' };
  }

  /** Step 2: the merge appended to main, computed again (bounded) while other merges win the race. */
  private async attempt(caller: Caller, spaceId: string, changeRequest: { id: string; number: number }, mark: MergeMark): Promise<Attempt> {
    for (let attempt = 1; ; attempt++) {
      const inputs = await this.inputs.load(spaceId, changeRequest.number);
      // The request is fenced: its head is still the one recorded, unless the mark was released meanwhile.
      if (inputs.changeRequest.merging?.mergeId !== mark.mergeId) throw new Conflict('The merge was given up; merge again');
      const main = { revision: inputs.space.revision, tree: inputs.space.tree };
      // Main has not moved since the base: the request's content is the result as it is.
      const merged = inputs.outdated ? await this.inputs.threeWay(inputs, 'main') : { tree: inputs.head.hash };
      if (merged.conflicts) return { conflicts: true, main };
      const revision: RevisionRecord = {
        id: newId(),
        type: 'merge',
        parents: [inputs.space.revision, mark.head],
        tree: merged.tree,
        createdBy: caller.userId,
        createdAt: this.clock.nowIso(),
      };
      try {
        const { events } = await this.aggregates.handle(
          spaceStream(spaceId),
          spaceDecider,
          { type: 'MergeChangeRequest', changeRequest, basedOn: inputs.space.revision, revision, leaseUntil: mark.expiresAt },
          caller,
        );
        // The space already holds a merge of this request (one from before merges were fenced).
        if (events.length === 0) throw new Conflict('The change request is already merged');
        return { revision: revision.id };
      } catch (error) {
        if (!(error instanceof StaleMain) || attempt >= MAX_ATTEMPTS) throw error;
        this.logger.debug({ spaceId, changeRequest: changeRequest.number, attempt }, 'main moved during the merge; computing it again');
      }
    }
  }

  /** Releases the mark; should that fail, MergeCompletion releases it once its lease ran out. */
  private async abandon(stream: string, mergeId: string, reason: MergeAbandonReason, caller: Caller, conflictsWith?: RevisionRef) {
    try {
      await this.aggregates.handle(stream, changeRequestDecider, { type: 'AbandonMerge', mergeId, reason, ...(conflictsWith ? { conflictsWith } : {}) }, caller);
    } catch (err) {
      this.logger.error({ err, stream, mergeId }, 'releasing a merge mark failed; it is released when its lease runs out');
    }
  }
}

type Attempt = { revision: string; conflicts?: never } | { conflicts: true; main: RevisionRef };
