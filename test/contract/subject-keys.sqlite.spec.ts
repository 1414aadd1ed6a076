import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSubjectKeys } from '@folio/platform/crypto/sqlite/sqlite-subject-keys';
import { subjectKeysContract } from './subject-keys.contract';

subjectKeysContract('SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-keys-'));
  const file = join(dir, 'keys.db');
  return {
    open: async () => new SqliteSubjectKeys(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite subject keys', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-keys-'));
    file = join(dir, 'keys.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Every file SQLite keeps for keys.db (the database, and a journal or WAL if one is there), concatenated. */
  const filesBytes = () => Buffer.concat(readdirSync(dir).filter((name) => name.startsWith('keys.db')).map((name) => readFileSync(join(dir, name))));

  it('leaves no trace of a destroyed key in keys.db or beside it, while the others stay', async () => {
    const keys = new SqliteSubjectKeys(file);
    const subjects = Array.from({ length: 90 }, (_, i) => `conversation:org:${i}`);
    const made = new Map(await Promise.all(subjects.map(async (s) => [s, await keys.keyFor(s)] as const)));
    const erased = subjects.filter((_, i) => i % 3 === 0);
    for (const s of erased) expect(filesBytes().includes(made.get(s)!)).toBe(true);

    // Searched for while the store is still open (as after a destroy in a running server) and after it closed.
    for (const s of erased) await keys.destroy(s);
    for (const s of erased) expect(filesBytes().includes(made.get(s)!)).toBe(false);
    for (const s of subjects.filter((_, i) => i % 3 !== 0)) expect(filesBytes().includes(made.get(s)!)).toBe(true);
    await keys.close();
    for (const s of erased) expect(filesBytes().includes(made.get(s)!)).toBe(false);
  }, 60_000);

  it('answers the key another process made between its read and its insert, not one of its own', async () => {
    const keys = new SqliteSubjectKeys(file);
    // The other process, played by a trigger: it makes the subject's key (all 7s) just before this store's insert.
    const other = new Database(file);
    other.exec(`CREATE TRIGGER other_process BEFORE INSERT ON subject_keys
      WHEN NOT EXISTS (SELECT 1 FROM subject_keys WHERE subject = NEW.subject)
      BEGIN INSERT INTO subject_keys (subject, key) VALUES (NEW.subject, X'${'07'.repeat(32)}'); END`);
    try {
      expect((await keys.keyFor('conversation:org:1')).toString('hex')).toBe('07'.repeat(32));
      expect((await keys.find('conversation:org:1'))!.toString('hex')).toBe('07'.repeat(32));
    } finally {
      other.close();
      await keys.close();
    }
  });

  it('makes the new keys asked for in one turn in one commit (one group of fsyncs), and fails them together', async () => {
    const keys = new SqliteSubjectKeys(file);
    // The group commit, watched (better-sqlite3's transaction functions are frozen: wrapped, not spied on).
    const internals = keys as unknown as { insertAll: { immediate: (subjects: string[]) => void } };
    const transaction = internals.insertAll;
    const commits = jest.fn((subjects: string[]) => transaction.immediate(subjects));
    internals.insertAll = { immediate: commits };
    const subjects = Array.from({ length: 100 }, (_, i) => `conversation:org:${i}`);
    const made = await Promise.all([...subjects, ...subjects].map((s) => keys.keyFor(s)));
    expect(commits).toHaveBeenCalledTimes(1);
    expect(commits.mock.calls[0][0]).toEqual(subjects);
    expect(made.slice(0, 100)).toEqual(made.slice(100));
    // Known subjects need no commit.
    await Promise.all(subjects.map((s) => keys.keyFor(s)));
    expect(commits).toHaveBeenCalledTimes(1);

    commits.mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    const failed = await Promise.allSettled(['conversation:org:x', 'conversation:org:y'].map((s) => keys.keyFor(s)));
    expect(failed.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(['disk full', 'disk full']);
    expect(await keys.find('conversation:org:x')).toBeNull();
    expect(await keys.keyFor('conversation:org:x')).toHaveLength(32);
    await keys.close();
  });

  it('uses a rollback journal with secure_delete: no journal file outlives a write', async () => {
    const keys = new SqliteSubjectKeys(file);
    await keys.keyFor('conversation:org:1');
    await keys.destroy('conversation:org:1');
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
    await keys.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(db.prepare('SELECT subject, key FROM subject_keys').all()).toEqual([{ subject: 'conversation:org:1', key: null }]);
    } finally {
      db.close();
    }
  });
});

