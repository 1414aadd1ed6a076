import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { documentToMarkdown } from '../markdown/document-to-markdown';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { ContentTrees, TreeEditor, TreeSnapshot } from '../tree/content-trees';
import { EMPTY_TREE_HASH } from '../tree/empty-tree';
import { ReusableContentConflict, VariableConflict } from './merge-conflicts';
import { mergeTrees } from './merge-trees';
import { pairKeys } from './pair-keys';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';
const NOW = '2025-01-03T00:00:00.000Z';

type Edit = (tree: TreeEditor) => Promise<unknown>;

const BODY = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.';
/** A reusable content's document rewritten as markdown and keyed after its previous version, as a page's is. */
const rewrite = (id: string, from: string, to: string): Edit => async (tree) => {
  const entry = (await tree.reusableContent(id))!;
  const before = (await tree.document(entry))!;
  const document = pairKeys(before, markdownToDocument(documentToMarkdown(before).replace(from, to)).document);
  await tree.putReusableContent({ id, title: entry.title, document, git: entry.git, now: T1 });
};
const retitle = (id: string, title: string): Edit => async (tree) => {
  const entry = (await tree.reusableContent(id))!;
  await tree.putReusableContent({ id, title, document: await tree.document(entry), git: entry.git, now: T1 });
};
const add = (id: string, title: string): Edit => (tree) =>
  tree.putReusableContent({ id, title, document: markdownToDocument(`${title} body.`).document, now: T1 });
const remove = (id: string): Edit => (tree) => tree.deleteReusableContent(id);
const setVariable = (name: string, value: string | null): Edit => async (tree) => {
  const variables = await tree.variables();
  if (value === null) delete variables[name];
  else variables[name] = value;
  await tree.setVariables(variables);
};
const both = (...edits: Edit[]): Edit => async (tree) => {
  for (const edit of edits) await edit(tree);
};

describe('mergeTrees: reusable contents and variables', () => {
  const objects = useTempObjectStore('folio-merge-reusable-');
  let trees: ContentTrees;
  let base: string;

  beforeEach(async () => {
    trees = new ContentTrees(objects.store);
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.putReusableContent({ id: 'intro', title: 'Intro', document: markdownToDocument(BODY).document, now: T0 });
    await editor.putReusableContent({ id: 'legal', title: 'Legal', document: null, now: T0 });
    await editor.setVariables({ product: 'Folio', version: '1' });
    base = await editor.commit();
  });

  const side = async (edit: Edit) => {
    const editor = await trees.edit(base);
    await edit(editor);
    return editor.commit();
  };
  /** Merges both ways (onto main, onto the request's head): the answer must be the same tree. */
  const merge = async (main: Edit, changeRequest: Edit) => {
    const [m, c] = [await side(main), await side(changeRequest)];
    const snapshots = { base: await trees.open(base), main: await trees.open(m), changeRequest: await trees.open(c) };
    const results: (string | (ReusableContentConflict | VariableConflict)[])[] = [];
    for (const onto of [m, c]) {
      const into = await trees.edit(onto);
      const { conflicts } = await mergeTrees(snapshots, into, NOW);
      results.push(conflicts.length > 0 ? (conflicts as (ReusableContentConflict | VariableConflict)[]) : await into.commit());
      if (conflicts.length > 0) expect(await into.commit()).toBe(onto); // nothing written
    }
    return results;
  };
  const merged = async (main: Edit, changeRequest: Edit): Promise<TreeSnapshot> => {
    const [onMain, onHead] = await merge(main, changeRequest);
    expect(onMain).toEqual(expect.any(String));
    expect(onHead).toBe(onMain);
    return trees.open(onMain as string);
  };
  const markdownOf = async (tree: TreeSnapshot, id: string) => documentToMarkdown((await tree.document((await tree.reusableContent(id))!))!);

  it('takes reusable contents added, changed and deleted on either side', async () => {
    const tree = await merged(both(add('m', 'From main'), remove('legal')), both(add('c', 'From request'), retitle('intro', 'Introduction')));
    expect((await tree.reusableContents()).map((entry) => [entry.id, entry.title])).toEqual([['c', 'From request'], ['intro', 'Introduction'], ['m', 'From main']]);
  });

  it("merges a document both sides changed in different blocks, block by block", async () => {
    const tree = await merged(rewrite('intro', 'First', 'Main\'s first'), rewrite('intro', 'Third', 'Request\'s third'));
    expect(await markdownOf(tree, 'intro')).toBe("Main's first paragraph.\n\nSecond paragraph.\n\nRequest's third paragraph.\n");
    expect(await tree.reusableContent('intro')).toMatchObject({ title: 'Intro', updatedAt: NOW });
  });

  it('takes one id both sides created alike at different times as one, created at the earlier time', async () => {
    const create = (now: string): Edit => (tree) => tree.putReusableContent({ id: 'new', title: 'New', document: markdownToDocument('Same.').document, now });
    const tree = await merged(create(T1), create(NOW));
    expect(await tree.reusableContent('new')).toMatchObject({ title: 'New', createdAt: T1 });
  });

  it('merges the documents of one id both sides created, to the same tree whichever side it is written onto', async () => {
    // Blocks each side keyed apart (as two writers' blocks are): both kept, main's first.
    const create = (text: string, key: string, now: string): Edit => (tree) => {
      const { document } = markdownToDocument(text);
      return tree.putReusableContent({ id: 'new', title: 'New', document: { ...document, nodes: [{ ...document.nodes[0], key }] }, now });
    };
    const tree = await merged(create('From main.', 'main1', NOW), create('From the request.', 'request1', T1));
    expect(await markdownOf(tree, 'new')).toBe('From main.\n\nFrom the request.\n');
    expect(await tree.reusableContent('new')).toMatchObject({ createdAt: T1, updatedAt: NOW });
  });

  it.each<[string, Edit, Edit, object[]]>([
    ['one block changed differently', rewrite('intro', 'Second', 'Two'), rewrite('intro', 'Second', 'Deux'), [{ reusableContent: { id: 'intro' }, kind: 'document' }]],
    ['the title set differently', retitle('intro', 'A'), retitle('intro', 'B'), [{ reusableContent: { id: 'intro' }, kind: 'field', field: 'title', main: 'A', changeRequest: 'B' }]],
    ['deleted on one side, changed on the other', remove('intro'), retitle('intro', 'B'), [{ reusableContent: { id: 'intro', title: 'B' }, kind: 'deleted' }]],
    ['a variable set differently', setVariable('version', '2'), setVariable('version', '3'), [{ variable: 'version', kind: 'variable', base: '1', main: '2', changeRequest: '3' }]],
    ['a variable removed on one side, changed on the other', setVariable('version', null), setVariable('version', '3'), [{ variable: 'version', base: '1', main: null, changeRequest: '3' }]],
  ])('conflict: %s — reported, nothing written', async (_, main, changeRequest, expected) => {
    const [onMain, onHead] = await merge(main, changeRequest);
    expect(onMain).toMatchObject(expected);
    expect(onHead).toEqual(onMain);
  });

  it('merges variables name by name: each side its own, the same change once, a removal', async () => {
    const tree = await merged(both(setVariable('edition', 'pro'), setVariable('version', '2')), both(setVariable('region', 'eu'), setVariable('version', '2'), setVariable('product', null)));
    expect(await tree.variables()).toEqual({ edition: 'pro', region: 'eu', version: '2' });
  });

  it("takes the request's variables when only it changed them, names like Object.prototype's members included", async () => {
    const weird = JSON.parse('{"__proto__":"p","constructor":"c"}');
    const tree = await merged(setVariable('edition', 'pro'), async (t) => t.setVariables({ ...(await t.variables()), ...weird }));
    const variables = await tree.variables();
    expect(Object.getOwnPropertyDescriptor(variables, '__proto__')?.value).toBe('p');
    expect(Object.getOwnPropertyDescriptor(variables, 'constructor')?.value).toBe('c');
    expect(Object.keys(variables).sort()).toEqual(['__proto__', 'constructor', 'edition', 'product', 'version']);
  });

  it(".gitbook.yaml redirects: each side's added, a conflict where both changed one source differently", async () => {
    const redirect = (source: string, target: string) => ({ source, target });
    const add = (...more: { source: string; target: string }[]): Edit => async (t) => t.setFolderRedirects([...(await t.folderRedirects()), ...more]);
    const tree = await merged(add(redirect('from-main', 'a.md')), add(redirect('from-request', 'b.md')));
    expect(await tree.folderRedirects()).toEqual([redirect('from-main', 'a.md'), redirect('from-request', 'b.md')]);
    const [onMain, onHead] = await merge(add(redirect('old', 'a.md')), add(redirect('old', 'b.md')));
    expect(onMain).toEqual([{ source: 'old', kind: 'folder-redirect', base: null, main: { target: 'a.md' }, changeRequest: { target: 'b.md' } }]);
    expect(onHead).toEqual(onMain);
  });
});
