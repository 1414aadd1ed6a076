import { TranslationLanguage } from '../translation-language';
import { EngineAnswer, ENGINE_HTTP_LIMITS, EngineHttpLimits, requestJson, serviceMessage, translationsOf } from './engine-http';
import { EngineFailed, EngineRequest, TranslationEngine } from './translation-engine';

const SERVICE = 'LibreTranslate';

/**
 * The codes a LibreTranslate server may use for a language, in order: its own codes are Argos Translate's
 * (`pb` Brazilian Portuguese, `zt` traditional Chinese, `nb` Norwegian), newer servers also take BCP 47 ones.
 * Which it has depends on the models installed: GET /languages says.
 */
const CANDIDATES: ReadonlyMap<TranslationLanguage, readonly string[]> = new Map<TranslationLanguage, string[]>([
  ['pt-br', ['pb', 'pt-BR']],
  ['zh', ['zh', 'zh-Hans']],
  ['zh-tw', ['zt', 'zh-Hant']],
  ['no', ['nb', 'no']],
]);

interface ServerLanguage {
  code: string;
  targets?: string[];
}

/**
 * LibreTranslate, the self-hosted open-source machine translation server (TRANSLATION_URL, TRANSLATION_API_KEY
 * when it asks for keys): POST /translate with every text of a request at once (`q` as an array).
 */
export class LibreTranslateEngine implements TranslationEngine {
  readonly name = 'libretranslate';
  private languages: Promise<ServerLanguage[]> | null = null;

  constructor(
    private readonly url: string,
    private readonly apiKey?: string,
    private readonly limits: EngineHttpLimits = ENGINE_HTTP_LIMITS,
  ) {}

  async translate({ texts, from, to, format }: EngineRequest): Promise<string[]> {
    if (texts.length === 0) return [];
    const [source, target] = await this.pair(from, to);
    const answer = await requestJson(
      SERVICE,
      `${this.url}/translate`,
      { method: 'POST', body: { q: texts, source, target, format, ...(this.apiKey ? { api_key: this.apiKey } : {}) } },
      this.limits,
    );
    if (answer.status !== 200) throw new EngineFailed(failure(answer));
    const json = answer.json;
    return translationsOf(SERVICE, json && typeof json === 'object' ? (json as { translatedText?: unknown }).translatedText : json, texts.length);
  }

  /** The server's codes for the pair; its list of languages is asked again once before a pair is said missing. */
  private async pair(from: TranslationLanguage, to: TranslationLanguage): Promise<[string, string]> {
    const pair = pairOn(await this.knownLanguages(false), from, to) ?? pairOn(await this.knownLanguages(true), from, to);
    if (pair) return pair;
    const offered = (await this.knownLanguages(false)).map((language) => language.code).join(', ');
    throw new EngineFailed(`${SERVICE} at ${this.url} cannot translate from ${from} into ${to} (it offers: ${offered}); install that pair's model on the server`);
  }

  /** The server's languages, asked once (again when `fresh`); a failed answer is not kept. */
  private knownLanguages(fresh: boolean): Promise<ServerLanguage[]> {
    if (fresh || !this.languages) {
      const asked = this.serverLanguages();
      this.languages = asked;
      asked.catch(() => {
        if (this.languages === asked) this.languages = null;
      });
    }
    return this.languages!;
  }

  private async serverLanguages(): Promise<ServerLanguage[]> {
    const answer = await requestJson(SERVICE, `${this.url}/languages`, { method: 'GET' }, this.limits);
    if (answer.status !== 200) throw new EngineFailed(failure(answer));
    const list = answer.json;
    if (!Array.isArray(list) || !list.every((l) => l && typeof l === 'object' && typeof l.code === 'string')) {
      throw new EngineFailed(`${SERVICE} at ${this.url} answered /languages with no list of languages: is TRANSLATION_URL a LibreTranslate server?`);
    }
    return (list as ServerLanguage[]).map(({ code, targets }) => ({ code, targets: Array.isArray(targets) ? targets : undefined }));
  }
}

function pairOn(languages: readonly ServerLanguage[], from: TranslationLanguage, to: TranslationLanguage): [string, string] | null {
  const source = codeOn(languages, from);
  const targets = source?.targets;
  const target = source && codeOn(targets ? languages.filter((language) => targets.includes(language.code)) : languages, to);
  return source && target ? [source.code, target.code] : null;
}

function codeOn(languages: readonly ServerLanguage[], language: TranslationLanguage): ServerLanguage | undefined {
  for (const code of CANDIDATES.get(language) ?? [language]) {
    const found = languages.find((l) => l.code.toLowerCase() === code.toLowerCase());
    if (found) return found;
  }
  return undefined;
}

/** What went wrong, from LibreTranslate's `{error}` answers, said so that the operator knows what to do. */
function failure(answer: EngineAnswer): string {
  const message = serviceMessage(answer, 'error');
  switch (answer.status) {
    case 400:
      return `${SERVICE} refused the request: ${message}`;
    case 403:
      return `${SERVICE} refused Folio's API key (TRANSLATION_API_KEY is missing or wrong): ${message}`;
    case 429:
      return `${SERVICE} is limiting how fast Folio may translate (${message}): run the translation again later, or raise the server's limits`;
    default:
      return `${SERVICE} failed to translate (HTTP ${answer.status}): ${message}`;
  }
}
