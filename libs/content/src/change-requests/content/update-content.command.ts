import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Conflict } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { DocumentWork } from '@folio/content/documents/document-work';
import { FileContent, FileInput } from '@folio/content/files/file-input';
import { FileInputs } from '@folio/content/files/file-inputs';
import { FileUrls } from '@folio/content/files/file-urls';
import { RevisionFileResource, revisionFileResource } from '@folio/content/files/revision-file.resource';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { ContentReads } from '@folio/content/revisions/content-reads';
import { assertUnlocked, spaceDecider } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { present } from '../present-change-request';
import { baseOf, changeRequestDecider, MergeUnderWay, StaleHead } from '../change-request.decider';
import { changeRequestStream } from '../change-request.events';
import { ChangeRequestReads } from '../change-request.reads';
import { ChangeRequestResource } from '../change-request.resource';
import { applyContentBatch } from './apply-content-batch';
import { BatchOutcome } from './batch-outcome';
import { ContentChange } from './content-change.dto';

/** Times a batch is applied again on a head another edit moved meanwhile. */
const MAX_ATTEMPTS = 5;

/** The client spec's ChangeRequestContentUpdate (`compat=false`). */
export interface ChangeRequestContentUpdate {
  changeRequest: ChangeRequestResource;
  changes: (
    | { object: 'created_page'; ref?: string; page: PageRef }
    | { object: 'updated_page'; page: PageRef }
    | { object: 'deleted_page'; page: string }
  )[];
  insertedFiles: RevisionFileResource[];
}
interface PageRef {
  object: 'page';
  id: string;
  urls: { location: string };
}

export class UpdateChangeRequestContent extends Command<ChangeRequestResource | ChangeRequestContentUpdate> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    /** Validated by `parseContentChanges`. */
    readonly changes: readonly ContentChange[],
    readonly compat: boolean,
  ) {
    super();
  }
}

/**
 * Applies a batch to the request's head on one tree editor and records it as one `edits` revision
 * (`EditContent`, on the head it was applied to). When another edit moved the head first, the batch is
 * applied again on the new head (files already read are not read again); a batch that changes nothing
 * writes nothing.
 */
@CommandHandler(UpdateChangeRequestContent)
export class UpdateChangeRequestContentHandler implements ICommandHandler<UpdateChangeRequestContent> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly trees: ContentTrees,
    private readonly files: FileInputs,
    private readonly urls: FileUrls,
    private readonly clock: Clock,
    private readonly contents: ContentReads,
    private readonly documents: DocumentWork,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, changes, compat }: UpdateChangeRequestContent) {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.edit, 'change the content of this change request');
    const { state: space } = await this.aggregates.load(spaceStream(spaceId), spaceDecider);
    if (space.status !== 'none') assertUnlocked(space.settings);
    const stream = changeRequestStream(spaceId, view.changeRequest.number);
    const read = remembered((file: FileInput) => this.files.read(file));
    let outcome: BatchOutcome;
    for (let attempt = 1; ; attempt++) {
      const { state } = await this.aggregates.load(stream, changeRequestDecider);
      // The decider refuses these too; refusing first spares applying (and fetching) the batch.
      if (state.status === 'merged') throw new Conflict('The change request is merged: it can no longer change');
      if (state.status === 'none') throw new Conflict('The change request is not there');
      if (state.merging) throw new MergeUnderWay();
      const now = this.clock.nowIso();
      const editor = await this.trees.edit(state.head.tree);
      outcome = await applyContentBatch(changes, {
        editor,
        base: () => this.trees.open(baseOf(state).tree),
        revision: async (revisionId) => (await this.contents.open(caller, spaceId, { kind: 'revision', revisionId })).snapshot,
        readFile: read,
        documents: this.documents,
        newId,
        now,
      });
      const tree = await editor.commit();
      if (tree === state.head.tree) break;
      const revision: RevisionRecord = { id: newId(), type: 'edits', parents: [state.head.revision], tree, createdBy: caller.userId, createdAt: now };
      try {
        await this.aggregates.handle(
          stream,
          changeRequestDecider,
          { type: 'EditContent', revision, basedOn: state.head.revision, touched: outcome.touched() },
          caller,
        );
        break;
      } catch (error) {
        if (!(error instanceof StaleHead) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
    const changeRequest = await present(this.reads, this.config, spaceId, view.changeRequest.id, caller);
    if (compat) return changeRequest;
    return this.contentUpdate(changeRequest, outcome);
  }

  private contentUpdate(changeRequest: ChangeRequestResource, outcome: BatchOutcome): ChangeRequestContentUpdate {
    const pageRef = (id: string): PageRef => ({ object: 'page', id, urls: { location: `${changeRequest.urls.location}/content/page/${id}` } });
    return {
      changeRequest,
      changes: outcome.changes().map((change) => (change.object === 'deleted_page' ? change : { ...change, page: pageRef(change.page) })),
      insertedFiles: outcome.insertedFiles.map((entry) => revisionFileResource(entry, this.urls)),
    };
  }
}

/** `read` once per file: a batch applied again reuses what it read (a URL is not fetched twice). */
function remembered(read: (file: FileInput) => Promise<FileContent>): (file: FileInput) => Promise<FileContent> {
  const contents = new Map<FileInput, Promise<FileContent>>();
  return (file) => {
    let content = contents.get(file);
    if (!content) contents.set(file, (content = read(file)));
    return content;
  };
}
