import { ContentRef } from '../document/content-ref.model';
import { API_LINKS, LinkContext, TargetUse } from '../markdown/dialect';
import { relativeTarget, resolveTarget, targetSpellings } from './folder-paths';

/**
 * The folder's paths and the content they are, as plain data: what a worker thread takes to read or write a
 * page's Markdown (a structured clone: no functions, no Maps), once per batch of pages.
 */
export interface FolderLinkData {
  /** Page file -> page id. */
  pages: [string, string][];
  /** File path -> file id. */
  files: [string, string][];
  /** Include path -> reusable content id. */
  includes: [string, string][];
}

/**
 * Targets written in the folder's pages, both ways: a relative `.md` path (with its `#anchor`) is a page (an
 * anchor), an asset path a file, `.gitbook/includes/x.md` a reusable content; a page writes each of them
 * relative to its own file. Anything else (a URL, another space's content) is Folio's own form (API_LINKS).
 */
export class FolderLinks {
  private readonly byPath: Map<string, ContentRef>;
  private readonly pagePaths: Map<string, string>;
  private readonly filePaths: Map<string, string>;
  private readonly includePaths: Map<string, string>;

  constructor(readonly data: FolderLinkData) {
    this.byPath = new Map<string, ContentRef>([
      ...data.files.map(([path, file]): [string, ContentRef] => [path, { kind: 'file', file }]),
      ...data.includes.map(([path, reusableContent]): [string, ContentRef] => [path, { kind: 'reusable-content', reusableContent }]),
      ...data.pages.map(([path, page]): [string, ContentRef] => [path, { kind: 'page', page }]),
    ]);
    const inverse = (pairs: [string, string][]) => new Map(pairs.map(([path, id]) => [id, path]));
    this.pagePaths = inverse(data.pages);
    this.filePaths = inverse(data.files);
    this.includePaths = inverse(data.includes);
  }

  /** The link context of the page (or include) whose file is `from`. */
  of(from: string): LinkContext {
    return {
      refOfTarget: (target, use) => this.refOfTarget(from, target, use),
      targetOfRef: (ref, use) => this.targetOfRef(from, ref, use),
    };
  }

  pathOfPage(id: string): string | undefined {
    return this.pagePaths.get(id);
  }

  private refOfTarget(from: string, target: string, use: TargetUse): ContentRef | undefined {
    const hash = target.indexOf('#');
    const [path, anchor] = hash < 0 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
    // `#x` is an anchor of the page it is written in (no page named, as the spec reads it); `page.md#x` names the
    // page, this one included (GitBook writes a same-page anchor that way): each is written back as it came.
    if (path === '') return anchor ? { kind: 'anchor', anchor } : undefined;
    for (const spelling of targetSpellings(path)) {
      const resolved = resolveTarget(from, spelling);
      const ref = resolved === undefined ? undefined : this.byPath.get(resolved);
      if (!ref) continue;
      if (anchor === undefined) return ref;
      return ref.kind === 'page' ? { kind: 'anchor', anchor, page: ref.page } : undefined;
    }
    return API_LINKS.refOfTarget(target, use);
  }

  private targetOfRef(from: string, ref: ContentRef, use: TargetUse): string {
    const inSpace = !('space' in ref) || ref.space === undefined;
    const path = (to: string | undefined) => (to === undefined ? undefined : relativeTarget(from, to));
    let target: string | undefined;
    if (inSpace && ref.kind === 'page') target = path(this.pagePaths.get(ref.page));
    else if (inSpace && ref.kind === 'file') target = path(this.filePaths.get(ref.file));
    else if (inSpace && ref.kind === 'reusable-content') target = path(this.includePaths.get(ref.reusableContent));
    else if (inSpace && ref.kind === 'anchor') {
      const page = ref.page === undefined ? '' : path(this.pagePaths.get(ref.page));
      target = page === undefined ? undefined : `${page}#${ref.anchor}`;
    }
    return target ?? API_LINKS.targetOfRef(ref, use);
  }
}
