import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Forbidden, NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { GetOrganizationMergeRules } from '@folio/identity/public/merge-governance.query';
import { applyContentBatch } from '@folio/content/change-requests/content/apply-content-batch';
import { ContentChange } from '@folio/content/change-requests/content/content-change.dto';
import { UpdateChangeRequestContent } from '@folio/content/change-requests/content/update-content.command';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { FileInputs } from '@folio/content/files/file-inputs';
import { effectiveMergeRules } from '@folio/content/merge-rules/evaluate-merge-rules';
import { ContentReads } from '@folio/content/revisions/content-reads';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { assertUnlocked, spaceDecider, StaleMain } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { SpaceDoc } from '@folio/content/spaces/space.projection';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { templateChanges, TemplateRequest } from './template-changes';
import { DocumentWork } from '@folio/content/documents/document-work';

/** Times the edit is computed again on a main another write moved meanwhile. */
const MAX_ATTEMPTS = 5;

export class ApplyTemplateToSpace extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly template: TemplateRequest,
    /** The change request (id or number) to apply it into; left out, main. */
    readonly changeRequestId?: string,
  ) {
    super();
  }
}

/**
 * A template's pages as one content batch: into a change request through the request's own content
 * command (same refs, atomicity, retries and `EditContent`), or onto main as an `edits` revision
 * (`EditMain`, at the revision it was computed on; computed again when main moved). Main edits skip
 * review, so where the space's merge rules ask for any, only an admin of the space (who could lift the
 * rules anyway) may write main directly; otherwise the edit role does, as for a merge.
 */
@CommandHandler(ApplyTemplateToSpace)
export class ApplyTemplateToSpaceHandler implements ICommandHandler<ApplyTemplateToSpace> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly trees: ContentTrees,
    private readonly contents: ContentReads,
    private readonly files: FileInputs,
    private readonly documents: DocumentWork,
    private readonly clock: Clock,
  ) {}

  async execute({ caller, spaceId, template, changeRequestId }: ApplyTemplateToSpace): Promise<void> {
    const { space, permissions } = await this.reads.space(spaceId, caller);
    assertAllowed(permissions.edit, 'change the content of this space');
    const changes = templateChanges(template);
    if (changeRequestId !== undefined) {
      await this.commands.execute(new UpdateChangeRequestContent(caller, spaceId, changeRequestId, changes, true));
      return;
    }
    assertUnlocked(space);
    if (!permissions.admin) await this.assertNoReviewRequired(space);
    await this.editMain(caller, spaceId, changes);
  }

  private async assertNoReviewRequired(space: SpaceDoc) {
    const organization = await this.queries.execute(new GetOrganizationMergeRules(space.organizationId));
    const rules = effectiveMergeRules(space.mergeRules, organization ?? { type: 'none' });
    if (rules.type === 'rules' && rules.rules.length > 0) {
      throw new Forbidden("The space's merge rules ask for review: only its admins may change its main content directly; apply the template into a change request");
    }
  }

  private async editMain(caller: Caller, spaceId: string, changes: readonly ContentChange[]) {
    for (let attempt = 1; ; attempt++) {
      const { state } = await this.aggregates.load(spaceStream(spaceId), spaceDecider);
      if (state.status === 'none' || state.status === 'purged') throw new NotFound('space');
      // The decider refuses it too; refusing first spares applying the batch.
      assertUnlocked(state.settings);
      const now = this.clock.nowIso();
      const editor = await this.trees.edit(state.tree);
      await applyContentBatch(changes, {
        editor,
        base: () => this.trees.open(state.tree),
        revision: async (revisionId) => (await this.contents.open(caller, spaceId, { kind: 'revision', revisionId })).snapshot,
        readFile: (file) => this.files.read(file),
        documents: this.documents,
        newId,
        now,
      });
      const tree = await editor.commit();
      if (tree === state.tree) return;
      const revision: RevisionRecord = { id: newId(), type: 'edits', parents: [state.revision], tree, createdBy: caller.userId, createdAt: now };
      try {
        await this.aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'EditMain', basedOn: state.revision, revision }, caller);
        return;
      } catch (error) {
        if (!(error instanceof StaleMain) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
