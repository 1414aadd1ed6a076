import { refFromUrl, urlOfRef } from '../document/content-ref-urls';
import { ContentRef } from '../document/document.model';
import { PageMeta } from '../tree/tree.model';

/**
 * The contract of GitBook's Markdown dialect, both ways (markdownToDocument, documentToMarkdown): the page
 * fields a page's Markdown carries, and how the targets written in it are read and written.
 */

/** The page fields a page's Markdown carries: its leading `# title` and its front matter. */
export type PageFrontMatter = Partial<
  Pick<
    PageMeta,
    'title' | 'description' | 'icon' | 'emoji' | 'hidden' | 'noIndex' | 'noRobotsIndex' | 'condition' | 'linkTitle' | 'layout' | 'cover' | 'metaLinks' | 'variables'
  >
>;

/** The fields of a page its Markdown carries (what an export or a `format=markdown` read writes in its front matter). */
export function frontMatterOf(page: PageMeta): PageFrontMatter {
  const { title, description, icon, emoji, hidden, noIndex, noRobotsIndex, condition, layout, cover, metaLinks, variables } = page;
  const front: PageFrontMatter = { title, description, icon, emoji, hidden, noIndex, noRobotsIndex, condition, layout, cover, metaLinks, variables };
  for (const key of Object.keys(front) as (keyof PageFrontMatter)[]) if (front[key] === undefined) delete front[key];
  return front;
}

/** What a target written in a page is used for: the same path is a page from a link, a file from an image. */
export type TargetUse = 'link' | 'image' | 'file' | 'include' | 'content-ref' | 'cover';

/**
 * How a page's targets map to references. Over the API a page writes Folio's own forms (`/pages/<id>`,
 * `/files/<id>`: content-ref-urls.ts); in a Git Sync folder it writes paths relative to its own file
 * (`../guides/setup.md`, `.gitbook/assets/a.png`, `.gitbook/includes/x.md`), resolved by the folder's layout.
 */
export interface LinkContext {
  /** Markdown → document: the reference a target stands for; undefined leaves it the URL it is. */
  refOfTarget(target: string, use: TargetUse): ContentRef | undefined;
  /** Document → markdown: how this page writes a reference. */
  targetOfRef(ref: ContentRef, use: TargetUse): string;
}

/** Folio's own forms: what the API reads and writes when no folder is involved. */
export const API_LINKS: LinkContext = {
  refOfTarget: (target) => refFromUrl(target),
  targetOfRef: (ref) => urlOfRef(ref),
};

export interface ReadOptions {
  links?: LinkContext;
  maxNodes?: number;
}

export interface WriteOptions {
  links?: LinkContext;
}
