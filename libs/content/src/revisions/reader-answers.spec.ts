import { loadConfig } from '@folio/platform/config/config';
import { RawJson } from '@folio/platform/http/raw-json';
import { gunzipSync } from 'node:zlib';
import { answerKey, JsonAnswer, ReaderAnswers } from './reader-answers';

const answers = (megabytes: string) => new ReaderAnswers(loadConfig({ READER_CACHE_MB: megabytes }));

describe('ReaderAnswers', () => {
  it('serializes an answer once, stored documents spliced in as they are, and gives the same bytes again', async () => {
    const kept = answers('1');
    let renders = 0;
    const render = async () => ({ id: 'p1', document: new RawJson(Buffer.from('{"object":"document","nodes":[]}')), n: ++renders });
    const first = await kept.answer(answerKey('page', 'r1', 'p1'), render);
    expect(first.json.toString()).toBe('{"id":"p1","document":{"object":"document","nodes":[]},"n":1}');
    expect((await kept.answer(answerKey('page', 'r1', 'p1'), render)).json).toBe(first.json);
    expect(renders).toBe(1);
  });

  it('keeps answers apart by every part of their key', async () => {
    const kept = answers('1');
    await kept.answer(answerKey('revision', 'r1', true, 'site:a'), async () => 'with git, site links');
    for (const key of [answerKey('revision', 'r1', false, 'site:a'), answerKey('revision', 'r1', true, 'signed:1'), answerKey('revision', 'r2', true, 'site:a')]) {
      expect((await kept.answer(key, async () => 'another')).json.toString()).toBe('"another"');
    }
  });

  it('renders once for readers asking at the same time, and not at all for an error (nothing kept)', async () => {
    const kept = answers('1');
    let renders = 0;
    const slow = async () => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return [renders];
    };
    const [a, b] = await Promise.all([kept.answer('k', slow), kept.answer('k', slow)]);
    expect(a).toBe(b);
    expect(renders).toBe(1);
    await expect(kept.answer('gone', async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect((await kept.answer('gone', async () => 'found')).json.toString()).toBe('"found"');
  });

  it('gzips a kept answer off the event loop, then gives the gzipped copy with it', async () => {
    const kept = answers('1');
    const render = async () => ({ pages: Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, title: 'A page' })) });
    const first = await kept.answer('r1', render);
    expect(first.gzipped).toBeNull();
    let again: JsonAnswer = first;
    for (const deadline = Date.now() + 15_000; !again.gzipped && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      again = await kept.answer('r1', render);
    }
    expect(gunzipSync(again.gzipped!)).toEqual(first.json);
    expect(again.gzipped!.byteLength).toBeLessThan(first.json.byteLength / 4);
  });

  it('drops the least recently used answer past its bytes, and keeps nothing with READER_CACHE_MB=0', async () => {
    const kept = answers(String(2500 / 1024 / 1024)); // two answers (and their gzipped copies), not three
    const big = async () => 'x'.repeat(1000);
    await kept.answer('a', big);
    await kept.answer('b', big);
    await kept.answer('a', big);
    await kept.answer('c', big);
    let renders = 0;
    const counted = async () => (renders++, 'x'.repeat(1000));
    await kept.answer('a', counted);
    expect(renders).toBe(0);
    await kept.answer('b', counted);
    expect(renders).toBe(1);
    const off = answers('0');
    await off.answer('a', counted);
    await off.answer('a', counted);
    expect(renders).toBe(3);
  });
});
