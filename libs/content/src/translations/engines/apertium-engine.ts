import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranslationLanguage } from '../translation-language';
import { decodeMarkup, escapeMarkup } from '../walk/inline-markup';
import { EngineFailed, EngineRequest, TranslationEngine } from './translation-engine';

/**
 * The names a language may have in an Apertium mode (`eng-spa`, older `en-es`, variants `spa-por_BR`):
 * ISO 639-3 first, then ISO 639-1.
 */
const NAMES: ReadonlyMap<TranslationLanguage, readonly string[]> = new Map<TranslationLanguage, readonly string[]>([
  ['en', ['eng', 'en']], ['fr', ['fra', 'fr']], ['de', ['deu', 'de']], ['es', ['spa', 'es']], ['it', ['ita', 'it']],
  ['pt', ['por', 'pt']], ['pt-br', ['por_BR', 'por', 'pt_BR', 'pt']], ['ru', ['rus', 'ru']], ['ja', ['jpn', 'ja']],
  ['zh', ['zho', 'zh']], ['zh-tw', ['zho_TW', 'zho', 'zh']], ['yue', ['yue']], ['ko', ['kor', 'ko']], ['ar', ['ara', 'ar']],
  ['hi', ['hin', 'hi']], ['nl', ['nld', 'nl']], ['pl', ['pol', 'pl']], ['tr', ['tur', 'tr']], ['sv', ['swe', 'sv']],
  ['no', ['nob', 'nno', 'nb', 'nn', 'no']], ['da', ['dan', 'da']], ['fi', ['fin', 'fi']], ['el', ['ell', 'el']],
  ['cs', ['ces', 'cs']], ['hu', ['hun', 'hu']], ['ro', ['ron', 'ro']], ['th', ['tha', 'th']], ['vi', ['vie', 'vi']],
  ['id', ['ind', 'id']], ['ms', ['zlm', 'msa', 'ms']], ['he', ['heb', 'he']], ['uk', ['ukr', 'uk']], ['sk', ['slk', 'sk']],
  ['bg', ['bul', 'bg']], ['hr', ['hbs_HR', 'hrv', 'hbs', 'hr']], ['lt', ['lit', 'lt']], ['lv', ['lvs', 'lav', 'lv']],
  ['et', ['est', 'et']], ['sl', ['slv', 'sl']],
]);

export interface ApertiumLimits {
  /** How long one `apertium` run may take before it is killed. */
  timeoutMs: number;
  /** How much of its output is read. */
  maxBytes: number;
}
export const APERTIUM_LIMITS: ApertiumLimits = { timeoutMs: 60_000, maxBytes: 4 * 1024 * 1024 };

// Texts of one request go through one run, apart by numbered separators that Apertium keeps as formatting
// (an empty tag between blank lines: no sentence start for it, so the next text keeps its case).
const SEPARATOR = /\n\n<folio-(\d+)\/>\n\n/g;

/**
 * The `apertium` command of Debian's packages (apertium, apertium-<pair>), for the pairs installed. Texts are
 * given as `html-alt`, Apertium's format that keeps tags where they are without taking them for block
 * boundaries; a request's texts go through one run (an Apertium pipeline takes a while to start), and
 * one by one when the separators between them did not come back in order.
 */
export class ApertiumEngine implements TranslationEngine {
  readonly name = 'apertium';
  private modes: Promise<string[]> | null = null;

  constructor(
    private readonly command = 'apertium',
    private readonly limits: ApertiumLimits = APERTIUM_LIMITS,
  ) {}

  async translate({ texts, from, to, format }: EngineRequest): Promise<string[]> {
    if (texts.length === 0) return [];
    const mode = await this.mode(from, to);
    const html = format === 'html' ? texts : texts.map(escapeMarkup);
    const joined = html.map((text, i) => (i === 0 ? text : `\n\n<folio-${i}/>\n\n${text}`)).join('');
    let translated = separated(await this.translateText(mode, joined), texts.length);
    if (!translated) {
      translated = [];
      for (const text of html) translated.push(await this.translateText(mode, text));
    }
    return format === 'html' ? translated : translated.map(decodeMarkup);
  }

  /** The installed mode for the pair, from `apertium -l` (asked once per process). */
  private async mode(from: TranslationLanguage, to: TranslationLanguage): Promise<string> {
    this.modes ??= this.run(['-l']).then((listing) => listing.split('\n').map((line) => line.trim()).filter(Boolean));
    const modes = await this.modes.catch((error: unknown) => {
      this.modes = null;
      throw error;
    });
    for (const source of NAMES.get(from) ?? []) {
      for (const target of NAMES.get(to) ?? []) if (modes.includes(`${source}-${target}`)) return `${source}-${target}`;
    }
    throw new EngineFailed(
      `Apertium has no pair installed from ${from} into ${to} (installed: ${modes.join(', ') || 'none'}); install it (apt-get install apertium-<pair>, e.g. apertium-eng-spa) and restart Folio`,
    );
  }

  /**
   * One text through the mode. It goes in a file: the `apertium` script opens /dev/stdin by name, which a
   * socket (what Node gives a child for its input) cannot be.
   */
  private async translateText(mode: string, text: string): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), 'folio-apertium-'));
    try {
      const input = join(folder, 'input.html');
      await writeFile(input, text);
      const translated = await this.run(['-u', '-f', 'html-alt', mode, input]);
      // A line end the text did not have is the command's, not the translation's.
      return text.endsWith('\n') ? translated : translated.replace(/\n$/, '');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** One run of the command (no shell), killed with its pipeline past the time limit or the output bound. */
  private run(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      // Its own process group: `apertium` is a script running a pipeline, which a timeout kills whole.
      const child = spawn(this.command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let failed: EngineFailed | null = null;
      const stop = (reason: string) => {
        failed ??= new EngineFailed(reason);
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      };
      const timer = setTimeout(() => stop(`Apertium did not finish within ${this.limits.timeoutMs / 1000} s`), this.limits.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > this.limits.maxBytes) stop(`Apertium wrote more than ${this.limits.maxBytes} bytes`);
        else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-500)));
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          error.code === 'ENOENT'
            ? new EngineFailed(`The ${this.command} command is not installed: apt-get install apertium and the pairs to translate (apertium-eng-spa…), or choose another TRANSLATION_ENGINE`)
            : new EngineFailed(`Apertium could not start: ${error.message}`),
        );
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (failed) reject(failed);
        else if (code !== 0) reject(new EngineFailed(`Apertium failed (exit ${code}): ${stderr.trim() || 'no message'}`));
        else resolve(Buffer.concat(out).toString('utf8'));
      });
    });
  }
}

/** The texts of a run's output, when its separators came back each once and in order. */
function separated(output: string, count: number): string[] | null {
  const parts: string[] = [];
  let at = 0;
  let expected = 1;
  for (const match of output.matchAll(SEPARATOR)) {
    if (Number(match[1]) !== expected++) return null;
    parts.push(output.slice(at, match.index));
    at = match.index + match[0].length;
  }
  parts.push(output.slice(at));
  return parts.length === count ? parts : null;
}
