import { ContentRef, PageDocument } from './document.model';
import { documentToMarkdown } from '../markdown/document-to-markdown';
import { withoutKeys } from './document-keys';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { imageRefFromUrl, refFromUrl, urlOfRef } from './content-ref-urls';

describe('content references in markdown', () => {
  it.each<[string, ContentRef]>([
    ['/files/f1', { kind: 'file', file: 'f1' }],
    ['/spaces/s1/files/f1', { kind: 'file', file: 'f1', space: 's1' }],
    ['/pages/p1', { kind: 'page', page: 'p1' }],
    ['/spaces/s1/pages/p1', { kind: 'page', page: 'p1', space: 's1' }],
    ['/pages/p1#install', { kind: 'anchor', anchor: 'install', page: 'p1' }],
    ['#install', { kind: 'anchor', anchor: 'install' }],
    ['/spaces/s1', { kind: 'space', space: 's1' }],
    ['https://example.com/pages/p1', { kind: 'url', url: 'https://example.com/pages/p1' }],
    ['getting-started.md', { kind: 'url', url: 'getting-started.md' }],
  ])('reads %s as its reference and writes it back the same', (url, ref) => {
    expect(refFromUrl(url)).toEqual(ref);
    expect(urlOfRef(ref)).toBe(url);
  });

  it('keeps an image pointing anywhere but a file a URL', () => {
    expect(imageRefFromUrl('/files/f1')).toEqual({ kind: 'file', file: 'f1' });
    expect(imageRefFromUrl('/pages/p1')).toEqual({ kind: 'url', url: '/pages/p1' });
  });

  it('writes a file named by a path as that path', () => {
    expect(urlOfRef({ kind: 'file', file: '.gitbook/assets/a.pdf' })).toBe('.gitbook/assets/a.pdf');
  });

  it('round-trips a document linking pages, anchors, spaces and files through markdown', () => {
    const link = (ref: ContentRef, text: string) => ({
      object: 'inline' as const,
      type: 'link' as const,
      data: { ref },
      nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text, marks: [] }] }],
    });
    const document: PageDocument = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            link({ kind: 'page', page: 'p1' }, 'a page'),
            link({ kind: 'anchor', anchor: 'setup', page: 'p2' }, 'a section'),
            link({ kind: 'space', space: 's9' }, 'a space'),
            link({ kind: 'file', file: 'f1' }, 'a file'),
          ],
        },
        { object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'p3' } }, isVoid: true },
      ],
    };
    const markdown = documentToMarkdown(document);
    expect(markdown).toContain('[a page](/pages/p1)');
    expect(markdown).toContain('[a section](/pages/p2#setup)');
    const read = markdownToDocument(markdown).document;
    expect(withoutKeys(read.nodes[0])).toEqual(document.nodes[0]);
    expect(withoutKeys(read.nodes[1])).toEqual(document.nodes[1]);
  });
});
