import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from './object-store/content-object-store.port';
import { SqliteObjectStore } from './object-store/sqlite/sqlite-object-store';
import { PlatformModule } from './platform.module';
import { SystemClock } from './clock';
import { SubjectCipher } from './crypto/subject-cipher';
import { SqliteSubjectKeys } from './crypto/sqlite/sqlite-subject-keys';
import { SUBJECT_KEYS, SubjectKeys } from './crypto/subject-keys.port';

describe('PlatformModule', () => {
  let dir: string;
  const saved = process.env.DATA_DIR;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-platform-'));
    process.env.DATA_DIR = dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('provides the content object store, kept in events.db, and closes it with the other stores', async () => {
    const app = await NestFactory.createApplicationContext(
      PlatformModule.forRoot({ projections: [], runProjections: () => true }),
      { logger: false },
    );
    const objects = app.get<ContentObjectStore>(CONTENT_OBJECT_STORE);
    const [hash] = await objects.put([Buffer.from('# Welcome')]);
    await app.close();
    await expect(objects.get(hash)).rejects.toThrow(/not open/);

    const reopened = new SqliteObjectStore(join(dir, 'events.db'));
    try {
      expect((await reopened.get(hash))?.toString()).toBe('# Welcome');
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('provides the subject cipher over keys.db, beside events.db, and closes the key store with the others', async () => {
    const app = await NestFactory.createApplicationContext(
      PlatformModule.forRoot({ projections: [], runProjections: () => true }),
      { logger: false },
    );
    const cipher = app.get(SubjectCipher);
    const keys = app.get<SubjectKeys>(SUBJECT_KEYS);
    const sealed = await cipher.seal('conversation:o:c', { subject: 'Cannot log in' });
    await app.close();
    await expect(keys.find('conversation:o:c')).rejects.toThrow(/not open/);

    const reopened = new SqliteSubjectKeys(join(dir, 'keys.db'));
    try {
      expect(await new SubjectCipher(reopened, new SystemClock()).open('conversation:o:c', sealed)).toEqual({ subject: 'Cannot log in' });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
