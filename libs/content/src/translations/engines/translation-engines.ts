import { Logger, Provider } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ApertiumEngine } from './apertium-engine';
import { deeplBaseUrl, DeepLEngine } from './deepl-engine';
import { LibreTranslateEngine } from './libretranslate-engine';
import { PseudoEngine } from './pseudo-engine';
import { TRANSLATION_ENGINE, TranslationEngine } from './translation-engine';

/**
 * The engine TRANSLATION_ENGINE chose (config.ts checked that it has its settings), said in the log at start:
 * which service translates, and for the default, that pseudo-localization is no translation.
 */
export function translationEngineFrom(config: FolioConfig, logger = new Logger('translations')): TranslationEngine {
  switch (config.translationEngine) {
    case 'libretranslate':
      logger.log(`Translations use LibreTranslate at ${config.translationUrl}`);
      return new LibreTranslateEngine(config.translationUrl!, config.translationApiKey);
    case 'deepl':
      logger.log(`Translations use DeepL at ${deeplBaseUrl(config.deeplApiKey!, config.deeplUrl)}`);
      return new DeepLEngine(config.deeplApiKey!, config.deeplUrl);
    case 'apertium':
      logger.log('Translations use the apertium command, for the pairs installed');
      return new ApertiumEngine();
    case 'pseudo':
      logger.warn(
        'Translations use pseudo-localization (accented, lengthened, bracketed text), which tests the pipeline but translates nothing: set TRANSLATION_ENGINE (libretranslate with TRANSLATION_URL, deepl with DEEPL_API_KEY, or apertium) for real translations',
      );
      return new PseudoEngine();
  }
}

/** TRANSLATION_ENGINE's provider, for the translations module. */
export const translationEngineProvider: Provider = {
  provide: TRANSLATION_ENGINE,
  inject: [CONFIG],
  useFactory: (config: FolioConfig) => translationEngineFrom(config),
};
