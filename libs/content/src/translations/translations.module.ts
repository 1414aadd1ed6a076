import { forwardRef, Module } from '@nestjs/common';
import { ContentAccessModule } from '../access/access.module';
import { ContentModule } from '../content.module';
import { Siblings } from '../ordering/siblings';
import { UpdateGlossaryHandler } from './glossary/glossary.commands';
import { GlossaryController } from './glossary/glossary.controller';
import { glossaryQueryHandlers } from './glossary/glossary.queries';
import { GlossaryReads } from './glossary/glossary.reads';
import { translationEngineProvider } from './engines/translation-engines';
import { translatePage } from './translate-page';
import { TargetSpace } from './run/target-space';
import { TRANSLATE_PAGE, TranslationRun } from './run/translation-run';
import { TranslationRunProcess } from './run/translation-run.process';
import { translationCommandHandlers } from './translation/translation.commands';
import { TranslationController } from './translation/translation.controller';
import { translationQueryHandlers } from './translation/translation.queries';
import { TranslationReads } from './translation/translation.reads';

/**
 * Translations of spaces and the organizations' glossaries: the reads, and the runs' process (started where
 * projections run: ContentModule imports this module, in the API and the projector alike). It reads
 * content's trees through ContentModule, which imports it back (hence the forward references).
 */
@Module({
  imports: [forwardRef(() => ContentModule), ContentAccessModule],
  providers: [
    TranslationReads,
    GlossaryReads,
    Siblings,
    TargetSpace,
    TranslationRun,
    TranslationRunProcess,
    translationEngineProvider,
    { provide: TRANSLATE_PAGE, useValue: translatePage },
  ],
  exports: [TranslationReads, GlossaryReads],
})
export class TranslationsModule {}

/** The routes (the API only). */
@Module({
  imports: [forwardRef(() => ContentModule), TranslationsModule],
  providers: [...translationCommandHandlers, ...translationQueryHandlers, UpdateGlossaryHandler, ...glossaryQueryHandlers],
  controllers: [TranslationController, GlossaryController],
})
export class TranslationsHttpModule {}
