import { parseDocument } from 'yaml';
import { CATALOG_31_YAML } from '@folio/content/testing/openapi-documents';
import { readYaml } from './spec-yaml';
import { MAX_ALIAS_COUNT } from './yaml-as-json';

// yaml's parser as it is, counted: it builds a node tree with positions, four times slower than reading the data.
jest.mock('yaml', () => {
  const actual = jest.requireActual<typeof import('yaml')>('yaml');
  return { ...actual, parseDocument: jest.fn(actual.parseDocument) };
});
const yamlParses = parseDocument as jest.MockedFunction<typeof parseDocument>;

function dataOf(text: string): unknown {
  const read = readYaml(text);
  if ('problems' in read) throw new Error(JSON.stringify(read.problems));
  return read.data;
}

describe('readYaml', () => {
  beforeEach(() => yamlParses.mockClear());

  it('reads a valid document without building a node tree, and builds one only to place a problem', () => {
    const read = readYaml(CATALOG_31_YAML);
    expect(read).toMatchObject({ data: { openapi: '3.1.0' } });
    expect(yamlParses).not.toHaveBeenCalled();
    if (!('lines' in read)) throw new Error('no lines');
    expect(read.lines().lineOf('/info/version')).toBe(4);
    expect(read.lines().lineOf('/servers/0/url')).toBe(7);
    expect(yamlParses).toHaveBeenCalledTimes(1);
  });

  it('reads the explicit YAML 1.1 tags as yaml does, and keeps the value of a tag nothing defines', () => {
    const text = 'set: !!set {a, b}\nomap: !!omap [{a: 1}, {b: 2}]\npairs: !!pairs [{a: 1}, {a: 2}]\nbinary: !!binary aGVsbG8=\nat: !!timestamp 2001-12-14t21:59:43.10-05:00\ncustom: !Custom {x: 1}\n';
    expect(dataOf(text)).toEqual({ set: ['a', 'b'], omap: { a: 1, b: 2 }, pairs: [{ a: 1 }, { a: 2 }], binary: 'aGVsbG8=', at: '2001-12-15T02:59:43.100Z', custom: { x: 1 } });
  });

  it(`counts an alias at each use of the node holding it: ${MAX_ALIAS_COUNT} uses are fine, one more is refused`, () => {
    const named = (uses: number) => `node: &node {a: 1}\nuses: [${Array(uses).fill('*node').join(', ')}]\n`;
    expect(dataOf(named(MAX_ALIAS_COUNT))).toMatchObject({ uses: expect.arrayContaining([{ a: 1 }]) });
    expect(readYaml(named(MAX_ALIAS_COUNT + 1))).toEqual({ problems: [{ code: 'excessive-aliases', message: expect.stringContaining("The document's YAML aliases cannot be expanded") }] });
    // A node holding a hundred aliases, used ten times: 100 + 10 × 101 uses.
    const nested = `leaf: &leaf {a: 1}\nnode: &node [${Array(100).fill('*leaf').join(', ')}]\nuses: [${Array(10).fill('*node').join(', ')}]\n`;
    expect(readYaml(nested)).toEqual({ problems: [expect.objectContaining({ code: 'excessive-aliases' })] });
  });

  it('reads a document whose merge keys copy more than 10,000 keys in all (js-yaml refuses that by default), within the size bound', () => {
    const shared = Array.from({ length: 10 }, (_, index) => `k${index}: 1`).join(', ');
    const merging = Array.from({ length: 1_100 }, (_, index) => `  m${index}: {<<: *shared}`).join('\n');
    const data = dataOf(`shared: &shared {${shared}}\nmerging:\n${merging}\n`) as { merging: Record<string, unknown> };
    expect(data.merging.m1099).toEqual({ k0: 1, k1: 1, k2: 1, k3: 1, k4: 1, k5: 1, k6: 1, k7: 1, k8: 1, k9: 1 });
  });

  it('refuses an alias cycle deeper inside the node it names, and an alias to nothing, on their lines', () => {
    expect(readYaml('a: &a\n  b:\n    - c: *a\n')).toEqual({ problems: [{ code: 'not-json', message: expect.stringContaining('cycle'), path: '/a/b/0/c', line: 3 }] });
    expect(readYaml('a: 1\nb: *nothing\n')).toEqual({ problems: [{ code: 'invalid-syntax', message: expect.stringContaining('nothing'), line: 2 }] });
  });
});
