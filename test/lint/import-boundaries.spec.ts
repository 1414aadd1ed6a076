import { join } from 'node:path';
import { ESLint } from 'eslint';

/** Issue 7, item 12: the lint rule that keeps each context behind its public surface must actually fire. */
const root = join(__dirname, '../..');
// The project's own config, required here: ESLint's loader imports it dynamically, which Jest's VM refuses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(join(root, 'eslint.config.js'));
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

/** The restricted-import messages ESLint gives `source` as if it were the file at `path`. */
async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = probe;\n`, { filePath: join(root, path) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importing = (from: string) => `import { probe } from '${from}';`;

describe('import boundaries between contexts', () => {
  it.each([
    ['libs/content/src/access/content-grant.commands.ts', '@folio/identity/teams/team.projection'],
    ['libs/content/src/spaces/space.dto.ts', '@folio/identity/organizations/organization.dto'],
    ['libs/content/src/spaces/space.commands.ts', '@folio/identity/members/member.reads'],
    ['libs/identity/src/members/member.reads.ts', '@folio/content/access/content-grant.projection'],
    ['libs/content/src/spaces/space.commands.ts', '../../../identity/src/teams/team.reads'],
    ['libs/content/src/spaces/space.commands.ts', '../../src/access/content-access'],
    ['libs/platform/src/aggregates/aggregates.ts', '@folio/identity/public/membership.query'],
  ])('refuses, in %s, an import of %s', async (path, from) => {
    expect(await refusals(path, importing(from))).toHaveLength(1);
  }, 60_000);

  it.each([
    ['libs/content/src/access/content-grant.commands.ts', '@folio/identity/public/organization-teams.query'],
    ['libs/content/src/spaces/space.commands.ts', '@folio/content/ordering/siblings'],
    ['libs/content/src/spaces/space.commands.ts', '../collections/collection.reads'],
    ['libs/content/src/spaces/space.commands.ts', '@folio/platform/aggregates/aggregates'],
    ['apps/api/src/app.module.ts', '@folio/identity/identity.module'],
  ])('allows, in %s, an import of %s', async (path, from) => {
    expect(await refusals(path, importing(from))).toEqual([]);
  }, 60_000);

  it.each([
    ['libs/content/src/collections/collection.commands.ts', '../spaces/space.decider'],
    ['libs/content/src/collections/collection.decider.ts', '../spaces/space.decider'],
  ])('refuses, in %s, an import of %s: collections reach spaces through the shared kernel', async (path, from) => {
    expect(await refusals(path, importing(from))).toHaveLength(1);
  }, 60_000);

  it('keeps events and deciders pure, even of another context public surface', async () => {
    expect(await refusals('libs/content/src/spaces/space.decider.ts', importing('@folio/identity/public/membership.query'))).toHaveLength(1);
    expect(await refusals('libs/content/src/spaces/space.events.ts', importing('@nestjs/common'))).toHaveLength(1);
  }, 60_000);
});

/** Issue 19, item 7: the kernel is pure code the contexts depend on, never the other way round. */
describe('the kernel', () => {
  it.each([
    ['libs/kernel/src/markdown/markdown-to-document.ts', '@nestjs/common'],
    ['libs/kernel/src/tree/content-trees.ts', 'better-sqlite3'],
    ['libs/kernel/src/tree/content-trees.ts', 'node:fs'],
    ['libs/kernel/src/merge/merge-trees.ts', '@folio/content/spaces/space.decider'],
    ['libs/kernel/src/merge/merge-trees.ts', '@folio/content/public/site-spaces.query'],
    ['libs/kernel/src/document/document-keys.ts', '@folio/platform/read-store/read-store.port'],
    ['libs/kernel/src/document/document-keys.ts', '@folio/platform/workers/worker-pool'],
  ])('refuses, in %s, an import of %s', async (path, from) => {
    expect(await refusals(path, importing(from))).toHaveLength(1);
  }, 60_000);

  it.each([
    ['libs/kernel/src/tree/content-trees.ts', '@folio/platform/object-store/content-object-store.port'],
    ['libs/kernel/src/document/document-keys.ts', '@folio/platform/domain/errors'],
    ['libs/content/src/spaces/space.decider.ts', '@folio/kernel/tree/empty-tree'],
    ['libs/collaboration/src/comments/comment.commands.ts', '@folio/kernel/markdown/document-to-markdown'],
  ])('allows, in %s, an import of %s', async (path, from) => {
    expect(await refusals(path, importing(from))).toEqual([]);
  }, 60_000);
});

/** Issue 18, item 14: keys from outside are never looked up as plain-object keys. */
describe('lookups by a key from outside', () => {
  async function findings(path: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: join(root, path) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-prototype-builtins').map((m) => m.ruleId!);
  }

  it.each([
    ['libs/publishing/src/sites/site.commands.ts', 'export const has = (id: string, all: Record<string, number>) => id in all;', 'no-restricted-syntax'],
    ['libs/collaboration/src/comments/comment.reads.ts', 'export const has = (id: string, all: Record<string, number>) => all.hasOwnProperty(id);', 'no-prototype-builtins'],
    ['libs/identity/src/teams/team.decider.ts', 'export type TeamState = { members: Record<string, string> };', 'no-restricted-syntax'],
    ['libs/publishing/src/sites/site-state.ts', 'export interface SiteState { sections: Record<string, object> }', 'no-restricted-syntax'],
  ])('refuses, in %s, %s', async (path, source, rule) => {
    expect(await findings(path, source)).toEqual([rule]);
  }, 60_000);

  it.each([
    ['libs/publishing/src/sites/site.commands.ts', 'export const has = (id: string, all: Record<string, number>) => Object.hasOwn(all, id);'],
    ['libs/publishing/src/sites/site.commands.ts', "export const has = (value: object) => 'result' in value;"],
    ['libs/identity/src/teams/team.decider.ts', 'export type TeamState = { members: ReadonlyMap<string, string> };'],
  ])('allows, in %s, %s', async (path, source) => {
    expect(await findings(path, source)).toEqual([]);
  }, 60_000);
});
