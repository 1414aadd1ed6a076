import { EngineFailed, EngineRequest, TranslationEngine } from '../engines/translation-engine';

/** At most this many texts, and this many characters, per engine request (a longer text goes alone). */
export const BATCH_TEXTS = 50;
export const BATCH_CHARACTERS = 20_000;

/**
 * Texts translated through as few engine requests as the bounds allow, one request at a time (an engine is a
 * shared server: a page does not flood it). The answers in order, one per text.
 */
export async function translateInBatches(engine: TranslationEngine, request: Omit<EngineRequest, 'texts'>, texts: readonly string[]): Promise<string[]> {
  const answers: string[] = [];
  for (let start = 0; start < texts.length; ) {
    let end = start + 1;
    let characters = texts[start].length;
    while (end < texts.length && end - start < BATCH_TEXTS && characters + texts[end].length <= BATCH_CHARACTERS) characters += texts[end++].length;
    const batch = texts.slice(start, end);
    const translated = await engine.translate({ ...request, texts: batch });
    if (translated.length !== batch.length) {
      throw new EngineFailed(`The ${engine.name} engine answered ${translated.length} translations for ${batch.length} texts`);
    }
    answers.push(...translated);
    start = end;
  }
  return answers;
}
