import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MAX_DISCUSSION_NODES } from '@folio/kernel/document/document-limits';
import { PageDocument } from '@folio/kernel/document/document.model';
import { emptyDocument } from '@folio/kernel/document/stored-document';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { assertJsonDocument } from '@folio/content/change-requests/content/json-document';
import { SpaceReads } from '@folio/content/spaces/space.reads';
import { TranslationCommand, translationDecider } from './translation.decider';
import { CreateTranslationBody, UpdateTranslationBody } from './translation.dto';
import { translationStream } from './translation.events';
import { TranslationPermissions, TranslationReads } from './translation.reads';
import { TranslationResource, translationResource } from './translation.resource';

/** A run's ids, chosen when it is asked for: its revision is written under `revisionId` once, however often it is retried. */
const newRun = () => ({ runId: newId(), revisionId: newId() });

/** A caller's command on an existing translation, without what every one carries. */
type WriteCommand = Unreferenced<Extract<TranslationCommand, { type: 'ChangeInstructions' | 'DeleteTranslation' | 'RequestRun' }>>;
type Unreferenced<C> = C extends unknown ? Omit<C, 'translationId' | 'organizationId' | 'actor' | 'now'> : never;

/** Instructions are a JSONDocument of the spec's, bounded like a discussion's. */
function instructionsOf(document: unknown): PageDocument {
  assertJsonDocument(document, 'instructions', MAX_DISCUSSION_NODES);
  return document as PageDocument;
}

/**
 * What translation writes share: a member of the organization (a stranger gets 404) with `createContent`
 * (403 otherwise); the rules are the decider's.
 */
abstract class TranslationWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly reads: TranslationReads,
    @Inject(CONFIG) protected readonly config: FolioConfig,
  ) {}

  protected async writer(caller: Caller, organizationId: string, what: string): Promise<TranslationPermissions> {
    const permissions = await this.reads.permissions(caller, organizationId);
    assertAllowed(permissions.edit, what);
    return permissions;
  }

  /** The caller may write, and the translation is one of the organization's (404 otherwise). */
  protected async existing(caller: Caller, organizationId: string, translationId: string, what: string): Promise<TranslationPermissions> {
    const permissions = await this.writer(caller, organizationId, what);
    await this.reads.translation(organizationId, translationId);
    return permissions;
  }

  protected decide(caller: Caller, organizationId: string, translationId: string, command: WriteCommand) {
    return this.aggregates.handle(translationStream(translationId), translationDecider, { ...command, translationId, organizationId, actor: caller.userId }, caller);
  }

  protected async resource(organizationId: string, translationId: string, permissions: TranslationPermissions): Promise<TranslationResource> {
    return translationResource(await this.reads.translation(organizationId, translationId), this.config, permissions);
  }
}

export class CreateTranslation extends Command<TranslationResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly input: CreateTranslationBody) {
    super();
  }
}

/**
 * A new translation, run at once. Its source must be a live space of the organization the caller can read:
 * any other (another organization's, one in the bin, one hidden from the caller) is the same 400, so the
 * answer tells nothing of spaces the caller may not see.
 */
@CommandHandler(CreateTranslation)
export class CreateTranslationHandler extends TranslationWrite implements ICommandHandler<CreateTranslation> {
  constructor(aggregates: Aggregates, reads: TranslationReads, @Inject(CONFIG) config: FolioConfig, private readonly spaces: SpaceReads) {
    super(aggregates, reads, config);
  }

  async execute({ caller, organizationId, input }: CreateTranslation) {
    const permissions = await this.writer(caller, organizationId, 'create translations in this organization');
    const instructions = input.instructions === undefined ? emptyDocument() : instructionsOf(input.instructions);
    await this.assertSource(caller, organizationId, input.source.space);
    const translationId = newId();
    await this.aggregates.handle(
      translationStream(translationId),
      translationDecider,
      {
        type: 'CreateTranslation',
        translationId,
        organizationId,
        sourceSpaceId: input.source.space,
        sourceLanguage: input.source.language,
        language: input.language,
        instructions,
        targetSpaceId: newId(),
        run: newRun(),
        actor: caller.userId,
      },
      caller,
    );
    return this.resource(organizationId, translationId, permissions);
  }

  private async assertSource(caller: Caller, organizationId: string, spaceId: string) {
    const refused = new Invalid('source.space: not a space of this organization');
    try {
      const { space } = await this.spaces.visible(caller, spaceId);
      if (space.organizationId !== organizationId || (space.deletedAt ?? null) !== null) throw refused;
    } catch (error) {
      throw error instanceof NotFound ? refused : error;
    }
  }
}

export class UpdateTranslation extends Command<TranslationResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly translationId: string, readonly input: UpdateTranslationBody) {
    super();
  }
}

@CommandHandler(UpdateTranslation)
export class UpdateTranslationHandler extends TranslationWrite implements ICommandHandler<UpdateTranslation> {
  async execute({ caller, organizationId, translationId, input }: UpdateTranslation) {
    const permissions = await this.existing(caller, organizationId, translationId, 'change translations in this organization');
    await this.decide(caller, organizationId, translationId, { type: 'ChangeInstructions', instructions: instructionsOf(input.instructions) });
    return this.resource(organizationId, translationId, permissions);
  }
}

/** Answers whether a translation was deleted (205) or there was none (204). The target space stays. */
export class DeleteTranslation extends Command<boolean> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly translationId: string) {
    super();
  }
}

@CommandHandler(DeleteTranslation)
export class DeleteTranslationHandler extends TranslationWrite implements ICommandHandler<DeleteTranslation> {
  async execute({ caller, organizationId, translationId }: DeleteTranslation) {
    await this.writer(caller, organizationId, 'delete translations in this organization');
    try {
      await this.reads.translation(organizationId, translationId);
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
    const { events } = await this.decide(caller, organizationId, translationId, { type: 'DeleteTranslation' });
    return events.length > 0;
  }
}

/** POST …/run: a new run, unless one is already waiting to start (which will read the source as it is then). */
export class RunTranslation extends Command<void> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly translationId: string) {
    super();
  }
}

@CommandHandler(RunTranslation)
export class RunTranslationHandler extends TranslationWrite implements ICommandHandler<RunTranslation> {
  async execute({ caller, organizationId, translationId }: RunTranslation) {
    await this.existing(caller, organizationId, translationId, 'run translations in this organization');
    await this.decide(caller, organizationId, translationId, { type: 'RequestRun', run: newRun() });
  }
}

export const translationCommandHandlers = [CreateTranslationHandler, UpdateTranslationHandler, DeleteTranslationHandler, RunTranslationHandler];
