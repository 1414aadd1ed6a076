import { Logger } from '@nestjs/common';
import { loadConfig } from '@folio/platform/config/config';
import { ApertiumEngine } from './apertium-engine';
import { DeepLEngine } from './deepl-engine';
import { LibreTranslateEngine } from './libretranslate-engine';
import { PseudoEngine } from './pseudo-engine';
import { translationEngineFrom } from './translation-engines';

/** A logger that keeps what it was told. */
function recordingLogger() {
  const lines: string[] = [];
  const logger = { log: (message: string) => lines.push(`log: ${message}`), warn: (message: string) => lines.push(`warn: ${message}`) } as unknown as Logger;
  return { logger, lines };
}

describe('translationEngineFrom', () => {
  it('uses pseudo-localization when nothing is configured, and says it translates nothing', () => {
    const { logger, lines } = recordingLogger();
    expect(translationEngineFrom(loadConfig({}), logger)).toBeInstanceOf(PseudoEngine);
    expect(lines).toEqual([expect.stringMatching(/^warn: Translations use pseudo-localization .* translates nothing: set TRANSLATION_ENGINE/)]);
  });

  it.each([
    [{ TRANSLATION_URL: 'http://lt.internal:5000/' }, LibreTranslateEngine, 'log: Translations use LibreTranslate at http://lt.internal:5000'],
    [{ DEEPL_API_KEY: 'k:fx' }, DeepLEngine, 'log: Translations use DeepL at https://api-free.deepl.com'],
    [{ TRANSLATION_ENGINE: 'deepl', DEEPL_API_KEY: 'k', DEEPL_URL: 'http://deepl.internal' }, DeepLEngine, 'log: Translations use DeepL at http://deepl.internal'],
    [{ TRANSLATION_ENGINE: 'apertium' }, ApertiumEngine, 'log: Translations use the apertium command, for the pairs installed'],
  ])('builds the engine the settings choose (%o) and says which', (env, engine, line) => {
    const { logger, lines } = recordingLogger();
    expect(translationEngineFrom(loadConfig(env), logger)).toBeInstanceOf(engine);
    expect(lines).toEqual([line]);
  });
});
