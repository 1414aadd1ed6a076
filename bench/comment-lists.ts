// A space's comment list at 100,000 comments: the first page of `GET /v1/spaces/{id}/comments?limit=100`
// and page 50 (reached by walking the cursors), timed alike. Keyset pagination should make them cost the same.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { newEventId, newId } from '@folio/platform/ids';
import { createOrganization, Folio, startFolio } from './folio';
import { LoadFigures, measure } from './load';

export const COMMENT_COUNT = 100_000;
const CONNECTIONS = 4;
const SECONDS = 4;
const DEEP_PAGE = 50;

export interface CommentListFigures {
  comments: number;
  first: LoadFigures;
  deep: LoadFigures;
  deepPage: number;
  /** Page `deepPage`'s p50 over the first page's. */
  ratio: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/**
 * Writes `count` CommentPosted events (each its own thread's stream) straight into the log, in one
 * transaction, as the API's appends leave them: seeding 100k through the API would take minutes.
 */
function seedComments(dataDir: string, space: { organizationId: string; spaceId: string; revision: string; userId: string }, count: number) {
  const db = new Database(join(dataDir, 'events.db'));
  const insert = db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, 0, ?, ?, ?)');
  const start = Date.now();
  const body = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'A comment', marks: [] }] }] }] };
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i).toISOString();
      const commentId = newId();
      const data = { commentId, organizationId: space.organizationId, spaceId: space.spaceId, changeRequestId: null, revision: space.revision, target: {}, body, postedBy: space.userId, postedAt: at };
      const metadata = { actor: space.userId, source: 'script', correlationId: 'bench-seed', causationId: null, occurredAt: at, schemaVersion: 1 };
      insert.run(newEventId(), `comment-${commentId}`, 'CommentPosted', JSON.stringify(data), JSON.stringify(metadata));
    }
  })();
  db.close();
}

async function newSpace(folio: Folio) {
  const organizationId = await createOrganization(folio, 'Bench comments');
  const { text } = await folio.call('POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Discussed' });
  const space = JSON.parse(text) as { id: string; revision: string };
  const user = JSON.parse((await folio.call('GET', '/v1/user')).text) as { id: string };
  return { organizationId, spaceId: space.id, revision: space.revision, userId: user.id };
}

export async function measureCommentLists(tempDir: string): Promise<CommentListFigures> {
  const dataDir = join(tempDir, 'comments');
  log(`Comment lists: seeding ${COMMENT_COUNT} comments`);
  const setup = await startFolio(dataDir);
  const space = await newSpace(setup);
  await setup.stop();
  seedComments(dataDir, space, COMMENT_COUNT);
  const folio = await startFolio(dataDir, 300_000);
  const path = `/v1/spaces/${space.spaceId}/comments?limit=100`;
  // Walk the cursors to the deep page once; timing the same cursor then measures one page's cost.
  let deepPath = path;
  let deepPage = 1;
  for (; deepPage < DEEP_PAGE; deepPage++) {
    const next = (JSON.parse((await folio.call('GET', deepPath)).text) as { next?: { page: string } }).next;
    if (!next) throw new Error(`the comment list ended at page ${deepPage}`);
    deepPath = `${path}&page=${encodeURIComponent(next.page)}`;
  }
  const load = { connections: CONNECTIONS, headers: { authorization: `Bearer ${folio.token}` } };
  const first = (await measure(`first page of ${COMMENT_COUNT} comments`, { ...load, url: folio.url + path }, SECONDS, 1)).measured;
  const deep = (await measure(`page ${deepPage} of ${COMMENT_COUNT} comments`, { ...load, url: folio.url + deepPath }, SECONDS, 1)).measured;
  await folio.stop();
  return { comments: COMMENT_COUNT, first, deep, deepPage, ratio: deep.p50Ms / first.p50Ms };
}
