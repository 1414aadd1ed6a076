import 'reflect-metadata';
import { Invalid } from '@folio/platform/domain/errors';
import { DeletePageChange, InsertFilesChange, InsertPageChange, UpdatePageChange } from './content-change.dto';
import { parseContentChanges } from './content-changes';

const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [{ object: 'mark', type: 'bold' }] }] }],
});
const json = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

function refused(changes: unknown[]): string {
  try {
    parseContentChanges(changes);
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return (error as Error).message;
  }
  throw new Error('the batch was accepted');
}

describe('parseContentChanges', () => {
  it('takes each of the five operations by its own class', () => {
    const changes = parseContentChanges([
      { operation: 'insert_page', ref: 'intro', title: 'Intro', document: { markdown: '# Hi' } },
      { operation: 'update_page', page: 'p1', into: null, at: 0, hidden: true, document: { document: json(paragraph('x')) } },
      { operation: 'delete_page', page: 'p2' },
      { operation: 'revert_page', page: 'p3', block: ['k1'] },
      { operation: 'insert_files', files: [{ name: 'a.png', contentType: 'image/png', base64: 'AAAA' }, { name: 'b', url: 'https://example.com/b' }] },
    ]);
    expect(changes.map((c) => c.constructor)).toEqual([InsertPageChange, UpdatePageChange, DeletePageChange, expect.any(Function), InsertFilesChange]);
    expect((changes[1] as UpdatePageChange).into).toBeNull();
    expect((changes[4] as InsertFilesChange).files[1].url).toBe('https://example.com/b');
  });

  it('takes the empty document', () => {
    expect(parseContentChanges([{ operation: 'insert_page', title: 'Empty', document: {} }])).toHaveLength(1);
  });

  it('names the failing change and field', () => {
    expect(refused([{ operation: 'delete_page', page: 'a' }, { operation: 'delete_page', page: 7 }])).toMatch(
      /^changes\[1\]\.page: .*changes\[1\]\.page: page must be a string$/,
    );
  });

  it('refuses an unknown or missing operation', () => {
    expect(refused([{ operation: 'rename_page', page: 'a' }])).toMatch(/^changes\[0\]\.operation: must be one of insert_page/);
    expect(refused([{ page: 'a' }])).toMatch(/^changes\[0\]\.operation:/);
    expect(refused(['delete_page'])).toBe('changes[0]: must be an object');
  });

  it('refuses properties another operation has, and unknown ones', () => {
    expect(refused([{ operation: 'delete_page', page: 'a', title: 'T' }])).toBe('changes[0].title: property title should not exist');
    expect(refused([{ operation: 'insert_page', document: {}, page: 'a' }])).toBe('changes[0].page: property page should not exist');
  });

  it('never coerces: a number where a string belongs, a string where a number belongs', () => {
    expect(refused([{ operation: 'insert_page', document: {}, at: '1' }])).toContain('changes[0].at: at must be an integer number');
    expect(refused([{ operation: 'insert_page', document: { markdown: 1 } }])).toBe('changes[0].document.markdown: markdown must be a string');
    expect(refused([{ operation: 'insert_page', document: {}, at: -1 }])).toBe('changes[0].at: at must not be less than 0');
  });

  it('needs a document on insert_page, exactly one source in it', () => {
    expect(refused([{ operation: 'insert_page', title: 'T' }])).toMatch(/^changes\[0\]\.document: /);
    expect(refused([{ operation: 'insert_page', document: { markdown: 'a', document: json() } }])).toBe(
      'changes[0].document.document: document cannot be given with markdown',
    );
    expect(refused([{ operation: 'insert_page', document: { html: '<p>' } }])).toBe(
      'changes[0].document.html: property html should not exist',
    );
  });

  it('checks a JSON document node by node against the spec, naming the node', () => {
    const bad = json(paragraph('ok'), { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 3, marks: [] }] }] });
    expect(refused([{ operation: 'insert_page', document: { document: bad } }])).toBe(
      'changes[0].document.document.nodes[1].nodes[0].leaves[0].text: must be a string',
    );
    expect(refused([{ operation: 'insert_page', document: { document: json({ object: 'text', leaves: [] }) } }])).toBe(
      'changes[0].document.document.nodes[0].object: must be one of block',
    );
    expect(refused([{ operation: 'insert_page', document: { document: json({ ...paragraph('x'), style: 'x' }) } }])).toBe(
      'changes[0].document.document.nodes[0].style: is not a property of a paragraph block',
    );
    const hint = { object: 'block', type: 'hint', data: { style: 'tip' }, nodes: [paragraph('x')] };
    expect(refused([{ operation: 'update_page', page: 'p1', document: { document: json(hint) } }])).toBe(
      'changes[0].document.document.nodes[0].data.style: must be one of info, warning, danger, success',
    );
    expect(refused([{ operation: 'insert_page', document: { document: { object: 'document', data: {}, nodes: [], extra: 1 } } }])).toBe(
      'changes[0].document.document.extra: property extra should not exist',
    );
  });

  it('refuses a JSON document nested deeper than the document limit', () => {
    let node: Record<string, unknown> = paragraph('leaf');
    for (let i = 0; i < 100; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    expect(refused([{ operation: 'insert_page', document: { document: json(node) } }])).toMatch(
      /^changes\[0\]\.document\.document: The document nests deeper than 64 levels/,
    );
  });

  it('wants exactly one source per file, and a contentType with base64, before reading any', () => {
    const files = (...list: unknown[]) => [{ operation: 'insert_files', files: list }];
    expect(refused(files({ name: 'a.png', contentType: 'image/png', base64: 'AAAA' }, { name: 'b', base64: 'AAAA' }))).toBe(
      'changes[0].files[1]: file "b": base64 bytes need a contentType',
    );
    expect(refused(files({ name: 'a' }))).toBe('changes[0].files[0]: file "a": needs a url or base64 bytes');
    expect(refused(files({ name: 'a', contentType: 'a/b', base64: 'AA', url: 'https://x.org/a' }))).toBe(
      'changes[0].files[0]: file "a": give either url or base64, not both',
    );
    expect(refused(files({ name: 'a', url: 'file:///etc/passwd' }))).toMatch(/^changes\[0\]\.files\[0\]: file "a": /);
    expect(refused(files({ name: 'a', url: 5 }))).toBe('changes[0].files[0].url: url must be a string');
    expect(refused([{ operation: 'insert_files', files: [] }])).toBe('changes[0].files: files must contain at least 1 elements');
    expect(refused(files(...Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, url: 'https://x.org/a' }))))).toBe(
      'changes[0].files: files must contain no more than 20 elements',
    );
  });
});
