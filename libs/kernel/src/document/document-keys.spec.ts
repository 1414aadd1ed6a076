import { Invalid } from '@folio/platform/domain/errors';
import { assignKeys, withoutKeys } from './document-keys';
import { PageDocument } from './document.model';
import { documentToMarkdown } from '../markdown/document-to-markdown';
import { markdownToDocument } from '../markdown/markdown-to-document';

const keysOf = (value: unknown): string[] =>
  JSON.stringify(value).match(/"key":"[^"]*"/g)?.map((k) => k.slice(7, -1)) ?? [];

const paragraph = (key?: string) => ({ object: 'block' as const, type: 'paragraph' as const, ...(key ? { key } : {}),
  nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: 'x', marks: [] }] }] });

describe('block keys', () => {
  it('gives every block and fragment of parsed markdown a key, unique in the document', () => {
    const { document } = markdownToDocument('# T\n\nA\n\n- b\n- c\n\n<details>\n<summary>S</summary>\n\nBody\n\n</details>');
    const keys = keysOf(document);
    // A, the list, its two items and their paragraphs, the expandable, its two fragments and their paragraphs.
    expect(keys.length).toBe(11);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the same markdown the same keys', () =>
    expect(markdownToDocument('A\n\n> B').document).toEqual(markdownToDocument('A\n\n> B').document));

  it('keeps the keys a document was written with, and keys only the blocks without one', () => {
    const document: PageDocument = { object: 'document', data: {}, nodes: [paragraph('k1'), paragraph(), paragraph('mine')] };
    expect(keysOf(assignKeys(document))).toEqual(['k1', 'k2', 'mine']);
  });

  it('refuses two blocks with one key', () => {
    const document: PageDocument = { object: 'document', data: {}, nodes: [paragraph('same'), paragraph('same')] };
    expect(() => assignKeys(document)).toThrow(Invalid);
  });

  it('a document written as markdown reads back equal up to keys', () => {
    const document: PageDocument = { object: 'document', data: {}, nodes: [paragraph('custom-a'), paragraph('custom-b')] };
    const back = markdownToDocument(documentToMarkdown(document)).document;
    expect(withoutKeys(back)).toEqual(withoutKeys(document));
    expect(keysOf(back)).toEqual(['k1', 'k2']);
  });
});
