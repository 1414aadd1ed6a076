import { FolderRedirect } from '../tree/tree.model';
import { FolderRedirectConflict } from './merge-conflicts';
import { CONFLICT, mergeValue } from './three-way';

type Entry = Omit<FolderRedirect, 'source'>;

const bySource = (redirects: readonly FolderRedirect[]) => new Map(redirects.map(({ source, ...entry }) => [source, entry]));

/**
 * The `.gitbook.yaml` redirects merged source by source, as variables are name by name: a redirect added,
 * changed or removed on one side takes that side, changed alike on both is that, changed differently on
 * both is a conflict. The merged list keeps main's order, the change request's new sources after it in
 * theirs (the order export writes them in).
 */
export function mergeFolderRedirects(
  base: readonly FolderRedirect[],
  main: readonly FolderRedirect[],
  changeRequest: readonly FolderRedirect[],
): { redirects: FolderRedirect[]; conflicts: FolderRedirectConflict[] } {
  const sides = [base, main, changeRequest].map(bySource);
  const order = [...new Set([...main, ...changeRequest, ...base].map((redirect) => redirect.source))];
  const redirects: FolderRedirect[] = [];
  const conflicts: FolderRedirectConflict[] = [];
  for (const source of order) {
    const [b, m, r] = sides.map((side) => side.get(source));
    const merged = mergeValue<Entry | undefined>(b, m, r);
    if (merged === CONFLICT) conflicts.push({ source, kind: 'folder-redirect', base: b ?? null, main: m ?? null, changeRequest: r ?? null });
    else if (merged !== undefined) redirects.push({ source, ...merged });
  }
  return { redirects, conflicts };
}
