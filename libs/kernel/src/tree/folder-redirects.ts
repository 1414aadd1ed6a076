import { Invalid } from '@folio/platform/domain/errors';
import { FolderRedirect } from './tree.model';

/**
 * `.gitbook.yaml` redirects a space holds. They are one stored object the root names by hash (read only when
 * asked for, never by the tree's other reads), so the bound is on what one lookup decodes: ~1 MB at most.
 */
export const MAX_FOLDER_REDIRECTS = 5_000;
export const MAX_FOLDER_REDIRECT_PATH = 512;

/** Refuses more redirects than the bound, a source given twice, and paths over the bound. */
export function assertFolderRedirects(redirects: readonly FolderRedirect[]): void {
  if (!Array.isArray(redirects)) throw new Invalid('redirects must be a list');
  if (redirects.length > MAX_FOLDER_REDIRECTS) throw new Invalid(`.gitbook.yaml: at most ${MAX_FOLDER_REDIRECTS} redirects`);
  const sources = new Set<string>();
  for (const { source, target, page } of redirects) {
    const fits = (text: unknown) => typeof text === 'string' && text.length > 0 && text.length <= MAX_FOLDER_REDIRECT_PATH;
    if (!fits(source) || !fits(target)) throw new Invalid(`.gitbook.yaml: a redirect's path and file have 1 to ${MAX_FOLDER_REDIRECT_PATH} characters`);
    if (page !== undefined && typeof page !== 'string') throw new Invalid('.gitbook.yaml: a redirect names its page by id');
    if (sources.has(source)) throw new Invalid(`.gitbook.yaml: redirect ${source} is given twice`);
    sources.add(source);
  }
}

/** A redirect's source as a path within the space: `/old/page/` and `old/page` are one. */
export const folderRedirectPath = (source: string) => source.replace(/^\/+|\/+$/g, '');
