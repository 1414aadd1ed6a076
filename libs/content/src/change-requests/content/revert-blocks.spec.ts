import { Invalid } from '@folio/platform/domain/errors';
import { Block, PageDocument } from '@folio/kernel/document/document.model';
import { revertBlocks } from './revert-blocks';

const p = (key: string, text: string): Block => ({
  object: 'block',
  type: 'paragraph',
  key,
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});
const quote = (key: string, ...nodes: Block[]): Block => ({ object: 'block', type: 'blockquote', key, nodes });
const doc = (...nodes: Block[]): PageDocument => ({ object: 'document', data: {}, nodes });
const keysOf = (d: PageDocument): string[] =>
  JSON.stringify(d).match(/"key":"\w+"/g)!.map((k) => k.slice(7, -1));

describe('revertBlocks', () => {
  const base = doc(p('a', 'A'), p('b', 'B'), quote('q', p('c', 'C'), p('d', 'D')), p('e', 'E'));

  it('takes a block changed on both versions back to the other one, in place, leaving the rest', () => {
    const here = doc(p('a', 'A2'), p('b', 'B2'), quote('q', p('c', 'C'), p('d', 'D')), p('e', 'E'));
    const reverted = revertBlocks(here, base, ['b']);
    expect(reverted).toEqual(doc(p('a', 'A2'), p('b', 'B'), quote('q', p('c', 'C'), p('d', 'D')), p('e', 'E')));
    expect(here.nodes[1]).toEqual(p('b', 'B2'));
  });

  it('removes a block the other version does not have', () => {
    const here = doc(p('a', 'A'), p('new', 'N'), p('b', 'B'), quote('q', p('c', 'C'), p('d', 'D')), p('e', 'E'));
    expect(revertBlocks(here, base, ['new'])).toEqual(base);
  });

  it('puts a deleted block back after its nearest surviving predecessor, also inside a container', () => {
    const here = doc(p('a', 'A'), quote('q', p('c', 'C')), p('e', 'E'));
    expect(keysOf(revertBlocks(here, base, ['b']))).toEqual(['a', 'b', 'q', 'c', 'e']);
    expect(keysOf(revertBlocks(here, base, ['d']))).toEqual(['a', 'q', 'c', 'd', 'e']);
    const first = doc(p('b', 'B'));
    expect(keysOf(revertBlocks(first, base, ['a']))).toEqual(['a', 'b']);
    expect(keysOf(revertBlocks(doc(p('a', 'A'), quote('q', p('d', 'D'))), base, ['c']))).toEqual(['a', 'q', 'c', 'd']);
  });

  it('refuses a key in neither version, and a block whose container is gone', () => {
    expect(() => revertBlocks(base, base, ['zz'])).toThrow(Invalid);
    expect(() => revertBlocks(doc(p('a', 'A')), base, ['c'])).toThrow(/revert q first/);
  });
});
