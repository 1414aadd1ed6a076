import { withoutKeys } from '../document/document-keys';
import { Block, PageDocument } from '../document/document.model';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { pairKeys } from './pair-keys';

const parse = (markdown: string) => markdownToDocument(markdown).document;
const keysOf = (value: unknown): string[] => JSON.stringify(value).match(/"key":"[^"]*"/g)?.map((k) => k.slice(7, -1)) ?? [];
/** The key of the block (top-level, or nested in `within`) whose text contains `text`. */
const keyOf = (blocks: readonly Block[], text: string): string | undefined =>
  blocks.find((b) => JSON.stringify(b).includes(`"text":"${text}`))?.key;

describe('pairKeys', () => {
  const previous = parse('Alpha one.\n\nBravo two.\n\n- item x\n- item y\n\n```sh\nnpm ci\nnpm test\n```\n\nCharlie three.');

  it('gives an unchanged document, parsed again, all its previous keys back (nested ones included)', () => {
    const again = parse('Alpha one.\n\nBravo two.\n\n- item x\n- item y\n\n```sh\nnpm ci\nnpm test\n```\n\nCharlie three.');
    expect(pairKeys(previous, again)).toEqual(previous);
  });

  it('keeps the key of a block edited in place, and of blocks around an insertion that shifted the counter', () => {
    const next = pairKeys(previous, parse('New first.\n\nAlpha one.\n\nBravo two, edited.\n\n- item x\n- item y\n\n```sh\nnpm ci\nnpm test\n```\n\nCharlie three.'));
    expect(keyOf(next.nodes, 'Alpha')).toBe(keyOf(previous.nodes, 'Alpha'));
    expect(keyOf(next.nodes, 'Bravo two, edited')).toBe(keyOf(previous.nodes, 'Bravo'));
    expect(keyOf(next.nodes, 'Charlie')).toBe(keyOf(previous.nodes, 'Charlie'));
    expect(keysOf(previous)).not.toContain(keyOf(next.nodes, 'New first'));
  });

  it('keys the nested blocks of an edited block by the same rules: an edited code line keeps its key, a new one gets a fresh one', () => {
    const next = pairKeys(previous, parse('Alpha one.\n\nBravo two.\n\n- item x\n- item y\n\n```sh\nnpm ci --quiet\nnpm test\nnpm run lint\n```\n\nCharlie three.'));
    const [code, before] = [next.nodes[3], previous.nodes[3]] as Extract<Block, { type: 'code' }>[];
    expect(code.key).toBe(before.key);
    expect(code.nodes.map((l) => l.key).slice(0, 2)).toEqual(before.nodes.map((l) => l.key));
    expect(keysOf(previous)).not.toContain(code.nodes[2].key);
  });

  it('keeps the key of a moved block', () => {
    const next = pairKeys(previous, parse('Bravo two.\n\n- item x\n- item y\n\n```sh\nnpm ci\nnpm test\n```\n\nCharlie three.\n\nAlpha one.'));
    expect(keyOf(next.nodes, 'Alpha')).toBe(keyOf(previous.nodes, 'Alpha'));
    expect(keysOf(next).sort()).toEqual(keysOf(previous).sort());
  });

  it('pairs a similar block of the same type where a region gained blocks, and never reuses a deleted block\'s key', () => {
    const next = pairKeys(previous, parse('Alpha one.\n\nInserted paragraph here.\n\nBravo two and more.\n\nCharlie three.'));
    expect(keyOf(next.nodes, 'Bravo two and more')).toBe(keyOf(previous.nodes, 'Bravo'));
    const gone = [previous.nodes[2], previous.nodes[3]].flatMap(keysOf);
    expect(keysOf(next).filter((k) => gone.includes(k))).toEqual([]);
    expect(keysOf(previous)).not.toContain(keyOf(next.nodes, 'Inserted'));
  });

  it('gives two identical new blocks distinct keys, and is deterministic without modifying its input', () => {
    const input = parse('Same.\n\nSame.\n\nAlpha one.');
    const copy = structuredClone(input);
    const once = pairKeys(previous, input);
    expect(input).toEqual(copy);
    expect(pairKeys(previous, input)).toEqual(once);
    expect(new Set(keysOf(once)).size).toBe(keysOf(once).length);
    expect(withoutKeys(once)).toEqual(withoutKeys(input));
  });

  it('keys blocks of a document that had none before', () => {
    const empty: PageDocument = { object: 'document', data: {}, nodes: [] };
    const next = pairKeys(empty, parse('- a\n- a'));
    expect(keysOf(next)).toHaveLength(5);
    expect(new Set(keysOf(next)).size).toBe(5);
  });
});
