import 'reflect-metadata';
import { Invalid } from '@folio/platform/domain/errors';
import { BatchRefs } from './batch-refs';
import { parseContentChanges } from './content-changes';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';

const refs = (...changes: unknown[]) => BatchRefs.of(parseContentChanges(changes));
const insert = (ref?: string) => ({ operation: 'insert_page', document: {}, ...(ref ? { ref } : {}) });
const files = (...names: string[]) => ({ operation: 'insert_files', files: names.map((ref) => ({ name: ref, ref, url: 'https://x.org/f' })) });

describe('BatchRefs', () => {
  it('resolves a page ref once its change has bound it, and anything else as an id', () => {
    const batch = refs(insert('intro'), insert());
    batch.bind('intro', 'P1');
    expect(batch.page('intro', 1)).toBe('P1');
    expect(batch.page('Xyz', 1)).toBe('Xyz');
  });

  it('refuses a ref used before (or by) the change defining it', () => {
    const batch = refs({ operation: 'delete_page', page: 'later' }, insert('later'));
    expect(() => batch.page('later', 0)).toThrow(new Invalid('ref "later" is used before changes[1] defines it'));
    expect(() => batch.page('later', 1)).toThrow(Invalid);
  });

  it('refuses a ref defined twice, pages and files alike, naming both changes', () => {
    expect(() => refs(insert('a'), insert('a'))).toThrow(new Invalid('changes[1].ref: ref "a" is already defined by changes[0]'));
    expect(() => refs(insert('a'), files('b', 'a'))).toThrow(new Invalid('changes[1].files[1].ref: ref "a" is already defined by changes[0]'));
  });

  it('refuses a file ref where a page belongs', () => {
    const batch = refs(files('logo'));
    batch.bind('logo', 'F1');
    expect(() => batch.page('logo', 1)).toThrow(new Invalid('ref "logo" names a file, not a page'));
  });

  it('turns references to refs in a document into the ids they stand for, leaving ids alone', () => {
    const batch = refs(insert('intro'), files('logo'), insert());
    batch.bind('intro', 'P1');
    batch.bind('logo', 'F1');
    const { document } = markdownToDocument('See [intro](/pages/intro), [setup](/pages/intro#setup) and [other](/pages/Other1).\n\n![logo](/files/logo)');
    const text = JSON.stringify(batch.inDocument(document, 2));
    expect(text.match(/"page":"P1"/g)).toHaveLength(2); // the page link and the anchor link
    expect(text).toContain('"page":"Other1"');
    expect(text).toContain('"file":"F1"');
    expect(text).not.toContain('"page":"intro"');
  });

  it('refuses a document referring to a ref defined later in the batch', () => {
    const batch = refs(insert(), insert('later'));
    const { document } = markdownToDocument('[later](/pages/later)');
    expect(() => batch.inDocument(document, 0)).toThrow(new Invalid('ref "later" is used before changes[1] defines it'));
  });

  it('resolves refs in a page of 200,000 links without overflowing the stack (walked one node at a time)', () => {
    const batch = refs(insert('target'), insert());
    batch.bind('target', 'P1');
    const link = { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'target' } }, nodes: [] };
    const document = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: Array.from({ length: 200_000 }, () => structuredClone(link)) }] };
    batch.inDocument(document, 1);
    expect((document.nodes[0].nodes as (typeof link)[]).every((node) => node.data.ref.page === 'P1')).toBe(true);
  });
});
