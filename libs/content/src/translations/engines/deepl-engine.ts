import { TranslationLanguage } from '../translation-language';
import { EngineAnswer, ENGINE_HTTP_LIMITS, EngineHttpLimits, requestJson, serviceMessage, translationsOf } from './engine-http';
import { EngineFailed, EngineRequest, TranslationEngine } from './translation-engine';

const SERVICE = 'DeepL';

/** DeepL's codes for a language it translates from (variants share their language's code). */
const SOURCE: ReadonlyMap<TranslationLanguage, string> = new Map<TranslationLanguage, string>([
  ...(['ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'uk', 'vi', 'zh'] as const)
    .map((code): [TranslationLanguage, string] => [code, code.toUpperCase()]),
  ['pt-br', 'PT'], ['zh-tw', 'ZH'], ['no', 'NB'], ['hi', 'HI'], ['ms', 'MS'], ['hr', 'HR'],
]);
/** Its codes for a language it translates into: a variant is chosen where DeepL asks for one. */
const TARGET: ReadonlyMap<TranslationLanguage, string> = new Map<TranslationLanguage, string>([
  ...SOURCE,
  ['en', 'EN-US'], ['pt', 'PT-PT'], ['pt-br', 'PT-BR'], ['zh', 'ZH-HANS'], ['zh-tw', 'ZH-HANT'],
]);
/** Languages DeepL has in beta: a request with one of them must say `enable_beta_languages`. */
const BETA: ReadonlySet<TranslationLanguage> = new Set<TranslationLanguage>(['hi', 'ms', 'hr']);

/** DeepL's API base for a key: its free API serves the keys ending `:fx`, its paid API the others. */
export function deeplBaseUrl(apiKey: string, configured?: string): string {
  return configured ?? (apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
}

/** DeepL's HTTP API v2 (DEEPL_API_KEY, DEEPL_URL): POST /v2/translate with every text of a request at once. */
export class DeepLEngine implements TranslationEngine {
  readonly name = 'deepl';
  private readonly url: string;

  constructor(
    private readonly apiKey: string,
    baseUrl?: string,
    private readonly limits: EngineHttpLimits = ENGINE_HTTP_LIMITS,
  ) {
    this.url = `${deeplBaseUrl(apiKey, baseUrl)}/v2/translate`;
  }

  async translate({ texts, from, to, format }: EngineRequest): Promise<string[]> {
    if (texts.length === 0) return [];
    const source = SOURCE.get(from);
    const target = TARGET.get(to);
    if (!source || !target) throw new EngineFailed(`${SERVICE} does not translate ${source ? 'into' : 'from'} ${source ? to : from}: choose another engine (TRANSLATION_ENGINE) for this translation`);
    const body = {
      text: texts,
      source_lang: source,
      target_lang: target,
      ...(format === 'html' ? markupHandling(texts) : {}),
      ...(BETA.has(from) || BETA.has(to) ? { enable_beta_languages: true } : {}),
    };
    const answer = await requestJson(SERVICE, this.url, { method: 'POST', headers: { authorization: `DeepL-Auth-Key ${this.apiKey}` }, body }, this.limits);
    if (answer.status !== 200) throw new EngineFailed(failure(answer));
    const translations = answer.json && typeof answer.json === 'object' ? (answer.json as { translations?: unknown }).translations : undefined;
    const list = Array.isArray(translations) ? translations.map((t: unknown) => (t && typeof t === 'object' ? (t as { text?: unknown }).text : t)) : translations;
    return translationsOf(SERVICE, list, texts.length);
  }
}

/**
 * How DeepL is to read our markup: as XML, DeepL's mode for "sentences with markup" (its HTML mode is for HTML
 * documents; our numbered tags are no HTML, and the markup is well-formed XML), with the glossary terms' tags
 * ignored so that their words stay as the glossary says while giving the sentence its context.
 */
function markupHandling(texts: readonly string[]): { tag_handling: 'xml'; ignore_tags?: string } {
  const terms = new Set(texts.flatMap((text) => [...text.matchAll(/<(g\d+)>/g)].map((match) => match[1])));
  return terms.size ? { tag_handling: 'xml', ignore_tags: [...terms].join(',') } : { tag_handling: 'xml' };
}

/** What went wrong, from DeepL's status codes and `{message}` answers, said so that the operator knows what to do. */
function failure(answer: EngineAnswer): string {
  const message = serviceMessage(answer, 'message');
  switch (answer.status) {
    case 403:
      return `${SERVICE} refused DEEPL_API_KEY (${message}): check the key, and that DEEPL_URL is the API its plan uses (free keys end with :fx)`;
    case 456:
      return `${SERVICE}'s character quota for this key is used up (${message}): raise it or wait for the next billing period, then run the translation again`;
    case 429:
      return `${SERVICE} is limiting how fast Folio may translate (${message}): run the translation again later`;
    case 400:
      return `${SERVICE} refused the request: ${message}`;
    case 413:
      return `${SERVICE} refused a request as too large: ${message}`;
    default:
      return `${SERVICE} failed to translate (HTTP ${answer.status}): ${message}`;
  }
}
