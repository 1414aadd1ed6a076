import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { MergeConflict } from '@folio/kernel/merge/merge-conflicts';
import { ChangeRequestReads } from '../change-request.reads';
import { MergeInputLoader } from './merge-inputs';

/** What a merge of the request would meet now: its base, main and head revisions, and each conflict. */
export interface ConflictsView {
  object: 'change-request-conflicts';
  base: string;
  main: string;
  changeRequest: string;
  items: MergeConflict[];
  count: number;
}

export class GetChangeRequestConflicts extends Query<ConflictsView> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
  ) {
    super();
  }
}

/** Computes the merge without storing it: a request main has not moved past has none. */
@QueryHandler(GetChangeRequestConflicts)
export class GetChangeRequestConflictsHandler implements IQueryHandler<GetChangeRequestConflicts> {
  constructor(
    private readonly reads: ChangeRequestReads,
    private readonly inputs: MergeInputLoader,
  ) {}

  async execute({ caller, spaceId, changeRequestId }: GetChangeRequestConflicts): Promise<ConflictsView> {
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const inputs = await this.inputs.load(spaceId, changeRequest.number);
    const merged = inputs.outdated && inputs.changeRequest.status !== 'merged' ? await this.inputs.threeWay(inputs, 'main', { dryRun: true }) : null;
    const items = merged?.conflicts ?? [];
    return {
      object: 'change-request-conflicts',
      base: (inputs.changeRequest.mergedAncestor ?? inputs.changeRequest.revisionInitial).revision,
      main: inputs.space.revision,
      changeRequest: inputs.changeRequest.head.revision,
      items,
      count: items.length,
    };
  }
}
