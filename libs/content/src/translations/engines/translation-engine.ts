import { TranslationEngineName } from '@folio/platform/config/config';
import { TranslationLanguage } from '../translation-language';

/**
 * One request to an engine: texts translated in order. In `html`, each text is a fragment whose tags stand
 * for what must come back untouched around the words (marks, links, inline code, glossary terms: see
 * page-translation.ts); an engine keeps the tags and translates the text between them.
 */
export interface EngineRequest {
  texts: string[];
  from: TranslationLanguage;
  to: TranslationLanguage;
  format: 'text' | 'html';
}

/** A machine translation service behind a port (TRANSLATION_ENGINE chooses which). */
export interface TranslationEngine {
  readonly name: TranslationEngineName;
  /** The translations, one per text and in order. EngineFailed when the engine cannot (down, refused, pair missing). */
  translate(request: EngineRequest): Promise<string[]>;
}

/** An engine that could not translate: the run stops, retryable, and the translation says this message. */
export class EngineFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineFailed';
  }
}

export const TRANSLATION_ENGINE = Symbol('TranslationEngine');
