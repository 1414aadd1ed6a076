import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { seedMain } from './content-seed';
import { RoleCast } from './roles';
import { TestServer } from './server';

/** A space "Handbook" of the cast's organization with two pages, `welcome` ("Read the guides.") and `setup` ("Install it."): Git Sync's e2e tests' content. */
export async function handbookSpace(server: TestServer, cast: RoleCast): Promise<string> {
  const spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Handbook' })).data.id;
  await seedMain(server, cast.ann.id, spaceId, async (tree, now) => {
    await tree.insertPage({ id: 'welcome', into: null, meta: { title: 'Welcome' }, document: markdownToDocument('Read the guides.\n').document, now });
    await tree.insertPage({ id: 'setup', into: null, meta: { title: 'Setup' }, document: markdownToDocument('Install it.\n').document, now });
  });
  return spaceId;
}
