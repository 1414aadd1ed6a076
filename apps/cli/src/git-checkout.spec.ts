import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCheckout } from './git-checkout';

/** git with an identity of its own, whatever the machine's configuration. */
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Folio Test', '-c', 'user.email=test@folio.invalid', '-c', 'commit.gpgsign=false', '-C', dir, ...args], { encoding: 'utf8' }).trim();

describe('readCheckout: the commit a directory is checked out at', () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'folio-checkout-'));
    git(repo, 'init', '--quiet', '--initial-branch=main');
    mkdirSync(join(repo, 'docs'));
    writeFileSync(join(repo, 'docs', 'README.md'), '# Welcome\n');
    writeFileSync(join(repo, 'notes.txt'), 'outside the folder\n');
    writeFileSync(join(repo, '.gitignore'), 'docs/*.log\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'Docs: welcome\n\nThe first page.');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('names HEAD, its whole message and its branch, from the root or a directory inside', async () => {
    const oid = git(repo, 'rev-parse', 'HEAD');
    const expected = { commit: { oid, message: 'Docs: welcome\n\nThe first page.', ref: 'refs/heads/main' }, dirty: false };
    expect(await readCheckout(repo)).toEqual(expected);
    expect(await readCheckout(join(repo, 'docs'))).toEqual(expected);
  }, 30_000);

  it('names no ref on a detached HEAD', async () => {
    git(repo, 'checkout', '--quiet', '--detach');
    expect(await readCheckout(repo)).toEqual({ commit: { oid: git(repo, 'rev-parse', 'HEAD'), message: expect.any(String) }, dirty: false });
  }, 30_000);

  it('is dirty with a changed or an untracked file under the directory, not with an ignored one nor a change elsewhere', async () => {
    writeFileSync(join(repo, 'notes.txt'), 'changed outside\n');
    writeFileSync(join(repo, 'docs', 'build.log'), 'ignored\n');
    expect(await readCheckout(join(repo, 'docs'))).toMatchObject({ dirty: false });
    writeFileSync(join(repo, 'docs', 'new.md'), '# New\n');
    expect(await readCheckout(join(repo, 'docs'))).toMatchObject({ dirty: true });
    rmSync(join(repo, 'docs', 'new.md'));
    writeFileSync(join(repo, 'docs', 'README.md'), '# Welcome back\n');
    expect(await readCheckout(join(repo, 'docs'))).toMatchObject({ dirty: true });
  }, 30_000);

  it('answers null for a plain directory and for a repository without a commit', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'folio-plain-'));
    try {
      expect(await readCheckout(plain)).toBeNull();
      git(plain, 'init', '--quiet');
      expect(await readCheckout(plain)).toBeNull();
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  }, 30_000);
});
