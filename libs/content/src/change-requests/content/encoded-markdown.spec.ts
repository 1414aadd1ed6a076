import 'reflect-metadata';
import { Invalid } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { decodeDocument } from '@folio/kernel/document/stored-document';
import { BatchRefs } from './batch-refs';
import { parseContentChanges } from './content-changes';
import { encodeMarkdown } from './encoded-markdown';

const refs = (...changes: unknown[]) => BatchRefs.of(parseContentChanges(changes));
const insert = (ref: string) => ({ operation: 'insert_page', document: {}, ref });

describe('encodeMarkdown', () => {
  it('answers the page fields and the document as stored: refs resolved, canonical JSON and its hash', () => {
    const batch = refs(insert('intro'), insert('next'));
    batch.bind('intro', 'P1');
    const { document, ...front } = encodeMarkdown({ markdown: '# Title\n\nSee [intro](/pages/intro).', refs: batch.state(), index: 1, previous: null });
    expect(front).toEqual({ title: 'Title' });
    const decoded = decodeDocument(document.bytes);
    expect(JSON.stringify(decoded)).toContain('"page":"P1"');
    expect(Buffer.from(document.bytes).equals(canonicalJson(decoded))).toBe(true);
    expect(document.hash).toBe(contentHash(document.bytes));
  });

  it('refuses a ref the batch has not bound yet, as the batch does', () => {
    const batch = refs(insert('a'), insert('later'));
    expect(() => encodeMarkdown({ markdown: '[x](/pages/later)', refs: batch.state(), index: 0, previous: null })).toThrow(
      new Invalid('ref "later" is used before changes[1] defines it'),
    );
  });

  it("keys the blocks it keeps after the page's stored document", () => {
    const previous = markdownToDocument('First.\n\nSecond.').document;
    const { document } = encodeMarkdown({ markdown: 'First.\n\nChanged.\n\nSecond.', refs: refs().state(), index: 0, previous: canonicalJson(previous) });
    const keys = decodeDocument(document.bytes).nodes.map((block) => block.key);
    expect(keys[0]).toBe(previous.nodes[0].key);
    expect(keys[2]).toBe(previous.nodes[1].key);
    expect(new Set(keys).size).toBe(3);
  });
});
