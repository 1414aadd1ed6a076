import { Invalid } from '@folio/platform/domain/errors';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { FolderRedirect } from '../tree/tree.model';
import { insideFolder } from './folder-paths';

/**
 * `.gitbook.yaml`: where the content is in the folder (`root`), its first page (`structure.readme`) and its
 * table of contents (`structure.summary`), relative to `root`, and the space's redirects (old path -> page
 * file). Paths are kept without `./`, as folder paths.
 */
export interface GitBookConfig {
  root: string;
  readme: string;
  summary: string;
  /** Old URL path -> the page file it goes to, in the file's order. */
  redirects: Map<string, string>;
}

export const CONFIG_FILE = '.gitbook.yaml';
export const DEFAULT_CONFIG: GitBookConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: new Map() };

/** Reads `.gitbook.yaml`; an empty file is the defaults. Invalid for YAML that is not such a file. */
export function readGitBookConfig(text: string): GitBookConfig {
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new Invalid(`${CONFIG_FILE} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (value === null || value === undefined) return { ...DEFAULT_CONFIG, redirects: new Map() };
  if (!isMapping(value)) throw new Invalid(`${CONFIG_FILE} is not a mapping`);
  const structure = own(value, 'structure');
  if (structure !== undefined && !isMapping(structure)) throw new Invalid(`${CONFIG_FILE}: structure is not a mapping`);
  const redirects = own(value, 'redirects');
  if (redirects !== undefined && redirects !== null && !isMapping(redirects)) throw new Invalid(`${CONFIG_FILE}: redirects is not a mapping`);
  return {
    root: folderPath(own(value, 'root'), 'root', '') ,
    readme: folderPath(structure && own(structure, 'readme'), 'structure.readme', DEFAULT_CONFIG.readme),
    summary: folderPath(structure && own(structure, 'summary'), 'structure.summary', DEFAULT_CONFIG.summary),
    redirects: new Map(
      Object.entries(redirects ?? {}).map(([from, to]) => {
        if (typeof to !== 'string') throw new Invalid(`${CONFIG_FILE}: redirect ${JSON.stringify(from)} does not name a file`);
        return [from, to];
      }),
    ),
  };
}

/** `.gitbook.yaml` as GitBook writes it. */
export function writeGitBookConfig(config: GitBookConfig): string {
  const value: Record<string, unknown> = {
    root: `./${config.root}`,
    structure: { readme: `./${config.readme}`, summary: `./${config.summary}` },
  };
  if (config.redirects.size > 0) value.redirects = Object.fromEntries(config.redirects);
  return stringifyYaml(value);
}

/**
 * The config's redirects as the space keeps them: each with the page its file is (`pageAt`: the folder's
 * page files, relative to its root, to page ids), when it is one. Targets are matched as SUMMARY.md's are
 * written: `./` and a leading `/` taken off.
 */
export function folderRedirectsOf(config: Pick<GitBookConfig, 'redirects'>, pageAt: ReadonlyMap<string, string>): FolderRedirect[] {
  return [...config.redirects].map(([source, target]) => {
    const page = pageAt.get(target.replace(/^(\.\/|\/)+/, ''));
    return { source, target, ...(page !== undefined && { page }) };
  });
}

/** A path of the file, `./` and trailing `/` taken off; `''` for the folder itself. */
function folderPath(value: unknown, name: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new Invalid(`${CONFIG_FILE}: ${name} is not a path`);
  const path = value.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (path === '' || path === '.') return '';
  if (!insideFolder(path)) throw new Invalid(`${CONFIG_FILE}: ${name} leaves the folder`);
  return path;
}

function own(value: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
