import { ArrayMaxSize, IsArray, IsIn } from 'class-validator';
import { Invalid } from '@folio/platform/domain/errors';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { ListQuery } from '@folio/platform/http/pagination';
import { isTranslationLanguage, TRANSLATION_LANGUAGES, TranslationLanguage } from '../translation-language';
import { GlossaryOperation } from './glossary.decider';
import { GlossaryTerms } from './glossary.events';

/** Operations in one PUT: a batch is folded into events at once. */
export const MAX_GLOSSARY_OPERATIONS = 1_000;
/** A term's length (the spec's GlossaryTranslations values). */
export const MAX_TERM_LENGTH = 255;
const MAX_ID = 256;

export class ListGlossaryQuery extends ListQuery {
  /** Sort by this language's term (entries without one last); absent, newest first. */
  @IsOptionalNonNull()
  @IsIn(TRANSLATION_LANGUAGES, { message: `orderBy must be one of the translation languages (${TRANSLATION_LANGUAGES.join(', ')})` })
  orderBy?: TranslationLanguage;
}

/** The operations' shapes are checked one by one (parseGlossaryOperations), each refusal naming its index. */
export class UpdateGlossaryBody {
  @IsArray()
  @ArrayMaxSize(MAX_GLOSSARY_OPERATIONS)
  operations!: unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID;
const isTerm = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_TERM_LENGTH && !/[\n\r]/.test(value);

/** Exactly these own fields: anything else (`__proto__` included, an own key once parsed from JSON) is refused. */
function assertFields(value: Record<string, unknown>, allowed: readonly string[], at: string) {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw new Invalid(`${at}: unexpected field ${JSON.stringify(extra)}`);
}

/** A term per language: own keys only, each a TranslationLanguage, each term 1..255 characters on one line. */
function termsOf(value: unknown, at: string): GlossaryTerms {
  if (!isRecord(value)) throw new Invalid(`${at}: must be an object of terms by language`);
  const terms = new Map<TranslationLanguage, string>();
  for (const [language, term] of Object.entries(value)) {
    if (!isTranslationLanguage(language)) throw new Invalid(`${at}: ${JSON.stringify(language)} is not a translation language`);
    if (!isTerm(term)) throw new Invalid(`${at}.${language}: must be a term of 1 to ${MAX_TERM_LENGTH} characters without a line break`);
    terms.set(language, term);
  }
  if (terms.size === 0) throw new Invalid(`${at}: must hold a term in at least one language`);
  return Object.fromEntries(terms);
}

/** The spec's GlossaryBatchOperation list, checked whole before anything is written; inserts get `newId()`'s ids. */
export function parseGlossaryOperations(operations: readonly unknown[], newId: () => string): GlossaryOperation[] {
  return operations.map((operation, i) => {
    const at = `operations[${i}]`;
    if (!isRecord(operation)) throw new Invalid(`${at}: must be an operation object`);
    switch (operation.type) {
      case 'insert':
        assertFields(operation, ['type', 'translations'], at);
        return { type: 'insert', id: newId(), translations: termsOf(operation.translations, `${at}.translations`) };
      case 'update':
        assertFields(operation, ['type', 'id', 'translations'], at);
        if (!isId(operation.id)) throw new Invalid(`${at}.id: must be a glossary entry id`);
        return { type: 'update', id: operation.id, translations: termsOf(operation.translations, `${at}.translations`) };
      case 'delete':
        assertFields(operation, ['type', 'id'], at);
        if (!isId(operation.id)) throw new Invalid(`${at}.id: must be a glossary entry id`);
        return { type: 'delete', id: operation.id };
      default:
        throw new Invalid(`${at}.type: must be insert, update or delete`);
    }
  });
}
