import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { memberProjection, MEMBERS, memberId } from '../members/member.projection';
import { SharesOrganization, SharesOrganizationHandler } from './shares-organization.query';

describe('SharesOrganization', () => {
  let dir: string;
  let reads: SqliteReadStore;
  const shares = (viewerId: string, userId: string) => new SharesOrganizationHandler(reads).execute(new SharesOrganization(viewerId, userId));

  /** Memberships straight into the read model: `role: null` is a guest. */
  async function seed(memberships: [organizationId: string, userId: string, role: 'read' | null][]) {
    await reads.transaction('test', '1', async (tx) => {
      for (const [organizationId, userId, role] of memberships) {
        await tx.upsert(MEMBERS, { id: memberId(organizationId, userId), organizationId, userId, role, roleKey: role ?? 'guest' });
      }
    });
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-shares-'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    await reads.ensureCollections(memberProjection.collections);
  });
  afterEach(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the shared organization past the first page of the viewer’s memberships', async () => {
    // 2,500 organizations: more than two pages of the viewer's memberships; the shared one sorts last.
    const org = (i: number) => `org${String(i).padStart(5, '0')}`;
    await seed(Array.from({ length: 2500 }, (_, i): [string, string, 'read'] => [org(i), 'viewer', 'read']));
    await seed([[org(2499), 'target', 'read'], ['elsewhere', 'stranger', 'read']]);
    expect(await shares('viewer', 'target')).toBe(true);
    expect(await shares('viewer', 'stranger')).toBe(false);
    expect(await shares('viewer', 'nobody')).toBe(false);
  });

  it('sees a guest of the organization, but lets no guest see through it', async () => {
    await seed([['acme', 'member', 'read'], ['acme', 'guest', null]]);
    expect(await shares('member', 'guest')).toBe(true);
    expect(await shares('guest', 'member')).toBe(false);
  });
});
