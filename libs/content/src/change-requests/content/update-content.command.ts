import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { DocumentWork } from '@folio/content/documents/document-work';
import { FileContent, FileInput } from '@folio/content/files/file-input';
import { FileInputs } from '@folio/content/files/file-inputs';
import { FileUrls } from '@folio/content/files/file-urls';
import { RevisionFileResource, revisionFileResource } from '@folio/content/files/revision-file.resource';
import { ContentReads } from '@folio/content/revisions/content-reads';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { present } from '../present-change-request';
import { baseOf } from '../change-request.decider';
import { ChangeRequestReads } from '../change-request.reads';
import { ChangeRequestResource } from '../change-request.resource';
import { applyContentBatch } from './apply-content-batch';
import { editRequestHead } from './edit-head';
import { BatchOutcome } from './batch-outcome';
import { ContentChange } from './content-change.dto';

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
 * Applies a batch to the request's head and records it as one `edits` revision (editRequestHead): applied again
 * on a head another edit moved (files already read are not read again); a batch that changes nothing writes nothing.
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
    const read = remembered((file: FileInput) => this.files.read(file));
    const outcome = await editRequestHead(this.deps(), caller, { spaceId, number: view.changeRequest.number }, async (editor, state, now) => {
      const applied = await applyContentBatch(changes, {
        editor,
        base: () => this.trees.open(baseOf(state).tree),
        revision: async (revisionId) => (await this.contents.open(caller, spaceId, { kind: 'revision', revisionId })).snapshot,
        readFile: read,
        documents: this.documents,
        newId,
        now,
      });
      return { result: applied, touched: applied.touched() };
    });
    const changeRequest = await present(this.reads, this.config, spaceId, view.changeRequest.id, caller);
    if (compat) return changeRequest;
    return this.contentUpdate(changeRequest, outcome);
  }

  private deps() {
    return { aggregates: this.aggregates, trees: this.trees, clock: this.clock };
  }

  private contentUpdate(changeRequest: ChangeRequestResource, outcome: BatchOutcome): ChangeRequestContentUpdate {
    const pageRef = (id: string): PageRef => ({ object: 'page', id, urls: { location: `${changeRequest.urls.location}/content/page/${id}` } });
    return {
      changeRequest,
      changes: outcome.changes().map((change) => (change.object === 'deleted_page' ? change : { ...change, page: pageRef(change.page) })),
      insertedFiles: outcome.insertedFiles.map((entry) => revisionFileResource(entry, this.urls.downloadUrl(entry))),
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
