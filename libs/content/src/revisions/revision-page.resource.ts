import { RawJson } from '@folio/platform/http/raw-json';
import { PageMeta, PageNode } from '@folio/kernel/tree/tree.model';

/**
 * A page's body as a response carries it. The spec's RevisionPageDocument includes its `Document` oneOf
 * (markdown | document | empty object), and a page is never an empty object, so every document page
 * answers one of the two: `document` unless `format=markdown` asked for `markdown`. The document is its
 * stored JSON as it is (never parsed on the event loop to be serialized again).
 */
export type PageBody = { document: RawJson } | { markdown: string };

/** A page loaded for a response: its node, its full path, its body (document pages) and its loaded subpages. */
export interface PageView {
  node: PageNode;
  path: string;
  body: PageBody | null;
  pages: PageView[];
}

/**
 * The spec's RevisionPageLayoutOptions, all required: a page's stored layout holds only what its writer set
 * (front matter names a few options), and every option it leaves out answers this default.
 */
export const DEFAULT_PAGE_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} as const;

/** What a read asks of its pages: `metadata: false` leaves out the Git Sync blobs (`git`), the spec's mutable metadata. */
export interface PageReadOptions {
  metadata: boolean;
}

/** The page fields every page type shares (RevisionPageBase), set ones only. */
function base(node: PageNode) {
  return {
    id: node.id,
    title: node.title,
    ...optional(node, ['linkTitle', 'emoji', 'icon', 'condition'] as const),
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  };
}

function optional<K extends keyof PageMeta>(node: PageNode, keys: readonly K[]): Partial<Pick<PageMeta, K>> {
  const picked: Partial<Pick<PageMeta, K>> = {};
  for (const key of keys) if (node[key] !== undefined) picked[key] = node[key];
  return picked;
}

const visibility = (node: PageNode) => ({ hidden: node.hidden ?? false, noIndex: node.noIndex ?? false, noRobotsIndex: node.noRobotsIndex ?? false });

/**
 * The RevisionPage resource (document, group or link) with its subpages nested. `app` is the app's URL of
 * the content the page is read from (main, a revision, a change request); the page's is that plus its path.
 */
export function revisionPageResource(view: PageView, app: string, options: PageReadOptions): RevisionPageResource {
  const { node } = view;
  const pages = view.pages.map((child) => revisionPageResource(child, app, options));
  switch (node.type) {
    case 'group':
      return { ...base(node), kind: 'group', type: 'group', slug: node.slug, path: view.path, ...visibility(node), pages };
    case 'link':
      return { ...base(node), kind: 'link', type: 'link', ...(node.target ? { target: node.target } : {}), hidden: node.hidden ?? false };
    case 'document':
      return {
        ...base(node),
        kind: 'sheet',
        type: 'document',
        urls: { app: view.path ? `${app}/${view.path}` : app },
        slug: node.slug,
        path: view.path,
        ...optional(node, ['description', 'cover', 'metaLinks', 'variables'] as const),
        ...(options.metadata ? optional(node, ['git'] as const) : {}),
        ...visibility(node),
        pages,
        layout: { ...DEFAULT_PAGE_LAYOUT, ...node.layout },
        tags: [],
        ...(node.document ? { documentId: node.document } : {}),
        ...(view.body ?? {}),
      };
  }
}

export type RevisionPageResource = { id: string; type: PageNode['type'] } & Record<string, unknown>;
