import { BadRequestException } from '@nestjs/common';
import { conversationBatch } from './conversation-batch';

const good = (id: string) => ({
  id,
  subject: 'Invites',
  metadata: { attributes: { source: 'zendesk', toString: 'kept as data' }, createdAt: '2026-02-01T10:00:00+01:00' },
  parts: [{ type: 'message', role: 'user', body: 'How do I invite a teammate?' }],
});

describe('conversationBatch', () => {
  it('takes one conversation or an array of them, as validated inputs', async () => {
    expect((await conversationBatch(good('a'))).map((c) => c.id)).toEqual(['a']);
    const batch = await conversationBatch([good('a'), good('b')]);
    expect(batch.map((c) => c.id)).toEqual(['a', 'b']);
    expect(Object.hasOwn(batch[0].metadata.attributes, 'toString')).toBe(true);
  });

  it('refuses an empty array and one over 100', async () => {
    await expect(conversationBatch([])).rejects.toThrow(BadRequestException);
    await expect(conversationBatch(Array.from({ length: 101 }, (_, i) => good(`c${i}`)))).rejects.toThrow(/1 to 100/);
    await expect(conversationBatch(Array.from({ length: 100 }, (_, i) => good(`c${i}`)))).resolves.toHaveLength(100);
  });

  it('judges every item and names the bad ones by index', async () => {
    const error = await conversationBatch([good('a'), { ...good('b'), parts: [] }, good('c'), { ...good('d'), id: 'x'.repeat(101) }]).catch((e: Error) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as Error).message).toMatch(/^item 1: parts .*; item 3: id /);
  });

  it('counts an id escaped, as it travels in a path', async () => {
    await expect(conversationBatch({ ...good('x'), id: 'a'.repeat(100) })).resolves.toHaveLength(1);
    await expect(conversationBatch({ ...good('x'), id: 'a b'.repeat(25) })).rejects.toThrow(/URL-escaped/);
  });

  it('refuses attributes that are not a bounded map of strings', async () => {
    const withAttributes = (attributes: unknown) => ({ ...good('x'), metadata: { attributes, createdAt: '2026-02-01T00:00:00Z' } });
    for (const attributes of [null, ['a'], { n: 1 }, { toString: 5 }, { '': 'v' }, { k: 'v'.repeat(1001) }, Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))]) {
      await expect(conversationBatch(withAttributes(attributes))).rejects.toThrow(/attributes must map/);
    }
  });
});
