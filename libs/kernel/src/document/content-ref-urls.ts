import { ContentRef, ImageRef } from './document.model';

/**
 * How references to Folio content are written in markdown, GitBook's way (the client's spec writes a file as
 * `/files/<fileId>` and a page as `/pages/<pageId>`): `/files/<id>`, `/pages/<id>`, `/pages/<id>#<anchor>`,
 * `/reusable-contents/<id>` (what `{% include %}` names over the API),
 * `#<anchor>` (this page), and `/spaces/<spaceId>` before either for another space's content. Any other URL
 * is a URL. Reading and writing go through this one table, so a document's references survive a round trip.
 */
const CONTENT_PATH = /^(?:\/spaces\/([A-Za-z0-9]+))?\/(files|pages|reusable-contents)\/([A-Za-z0-9_-]+)(?:#(.+))?$/;
const SPACE_PATH = /^\/spaces\/([A-Za-z0-9]+)$/;
const ANCHOR = /^#(.+)$/;
const ID = /^[A-Za-z0-9_-]+$/;

export function refFromUrl(url: string): ContentRef {
  const content = CONTENT_PATH.exec(url);
  if (content) {
    const [, space, kind, id, anchor] = content;
    const inSpace = space ? { space } : {};
    if (kind === 'files') return anchor === undefined ? { kind: 'file', file: id, ...inSpace } : { kind: 'url', url };
    if (kind === 'reusable-contents') return anchor === undefined ? { kind: 'reusable-content', reusableContent: id, ...inSpace } : { kind: 'url', url };
    return anchor === undefined ? { kind: 'page', page: id, ...inSpace } : { kind: 'anchor', anchor, page: id, ...inSpace };
  }
  const space = SPACE_PATH.exec(url);
  if (space) return { kind: 'space', space: space[1] };
  const anchor = ANCHOR.exec(url);
  if (anchor) return { kind: 'anchor', anchor: anchor[1] };
  return { kind: 'url', url };
}

/** Images point at a URL or a file; any other reference read from an image's URL stays that URL. */
export function imageRefFromUrl(url: string): ImageRef {
  const ref = refFromUrl(url);
  return ref.kind === 'file' ? ref : { kind: 'url', url };
}

export function urlOfRef(ref: ContentRef): string {
  const inSpace = 'space' in ref && ref.space && ref.kind !== 'space' ? `/spaces/${ref.space}` : '';
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'file':
      // A file named by a path (`{% file src=".gitbook/assets/a.pdf" %}` from an import) stays that path.
      return ID.test(ref.file) ? `${inSpace}/files/${ref.file}` : ref.file;
    case 'page':
      return `${inSpace}/pages/${ref.page}`;
    case 'anchor':
      return ref.page ? `${inSpace}/pages/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
    case 'space':
      return `/spaces/${ref.space}`;
    case 'user':
      return `mention:user:${ref.user}`;
    case 'collection':
      return `/collections/${ref.collection}`;
    case 'reusable-content':
      return `${inSpace}/reusable-contents/${ref.reusableContent}`;
    case 'tag':
      return `${inSpace}/tags/${ref.tag}`;
    case 'openapi':
      return `/openapi/${ref.spec}`;
  }
}
