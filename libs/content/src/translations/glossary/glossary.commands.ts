import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { TranslationReads } from '../translation/translation.reads';
import { glossaryDecider } from './glossary.decider';
import { parseGlossaryOperations } from './glossary.dto';
import { glossaryStream } from './glossary.events';

/** PUT …/translations-glossary: the operations all applied, or (400 naming the first bad one) none. */
export class UpdateGlossary extends Command<void> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly operations: readonly unknown[]) {
    super();
  }
}

/** Who may change the glossary is who may write translations: `createContent` (a stranger gets 404). */
@CommandHandler(UpdateGlossary)
export class UpdateGlossaryHandler implements ICommandHandler<UpdateGlossary> {
  constructor(private readonly aggregates: Aggregates, private readonly reads: TranslationReads) {}

  async execute({ caller, organizationId, operations: sent }: UpdateGlossary) {
    assertAllowed((await this.reads.permissions(caller, organizationId)).edit, "change this organization's translation glossary");
    const operations = parseGlossaryOperations(sent, newId);
    await this.aggregates.handle(glossaryStream(organizationId), glossaryDecider, { type: 'UpdateGlossary', organizationId, operations, actor: caller.userId }, caller);
  }
}
