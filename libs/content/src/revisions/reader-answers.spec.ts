import { gunzipSync } from 'node:zlib';
import { loadConfig } from '@folio/platform/config/config';
import { RawJson } from '@folio/platform/http/raw-json';
import { answerKey, KeptAnswer, ReaderAnswers } from './reader-answers';

const answers = (megabytes: string) => new ReaderAnswers(loadConfig({ READER_CACHE_MB: megabytes }));
const text = (answer: KeptAnswer) => answer.send().json().toString();

/** Asks for `key` until its kept answer is compressed (in the background), for at most 15 s. */
async function compressed(kept: ReaderAnswers, key: string, render: () => Promise<object>): Promise<KeptAnswer> {
  let answer = await kept.answer(key, render);
  for (const deadline = Date.now() + 15_000; !answer.head && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer = await kept.answer(key, render);
  }
  return answer;
}

describe('ReaderAnswers', () => {
  it('serializes an answer once, stored documents spliced in as they are, and gives the same bytes again', async () => {
    const kept = answers('1');
    let renders = 0;
    const render = async () => ({ id: 'p1', document: new RawJson(Buffer.from('{"object":"document","nodes":[]}')), n: ++renders });
    const first = await kept.answer(answerKey('page', 'r1', 'p1'), render);
    expect(text(first)).toBe('{"id":"p1","document":{"object":"document","nodes":[]},"n":1}');
    expect((await kept.answer(answerKey('page', 'r1', 'p1'), render)).json).toBe(first.json);
    expect(renders).toBe(1);
  });

  it('keeps answers apart by every part of their key', async () => {
    const kept = answers('1');
    await kept.answer(answerKey('revision', 'r1', true, 'site:a'), async () => ({ answer: 'with git, site links' }));
    for (const key of [answerKey('revision', 'r1', false, 'site:a'), answerKey('revision', 'r1', true, 'signed:1'), answerKey('revision', 'r2', true, 'site:a')]) {
      expect(text(await kept.answer(key, async () => ({ answer: 'another' })))).toBe('{"answer":"another"}');
    }
  });

  it('renders once for readers asking at the same time, and keeps no error', async () => {
    const kept = answers('1');
    let renders = 0;
    const slow = async () => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return { renders };
    };
    const [a, b] = await Promise.all([kept.answer('k', slow), kept.answer('k', slow)]);
    expect(a).toBe(b);
    expect(renders).toBe(1);
    await expect(kept.answer('gone', async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(text(await kept.answer('gone', async () => ({ found: true })))).toBe('{"found":true}');
  });

  it('gzips a kept answer off the event loop; sent gzipped, with or without fields added per request, it is the same JSON', async () => {
    const kept = answers('1');
    const render = async () => ({ pages: Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, title: 'A page' })) });
    expect((await kept.answer('r1', render)).send().gzipped()).toBeNull();
    const answer = await compressed(kept, 'r1', render);
    const plain = answer.send();
    expect(gunzipSync(plain.gzipped()!)).toEqual(plain.json());
    expect(plain.gzipped()!.byteLength).toBeLessThan(plain.json().byteLength / 4);
    const merged = answer.send({ mergedFrom: { id: 'cr1', status: 'merged' } });
    expect(JSON.parse(merged.json().toString())).toEqual({ ...JSON.parse(plain.json().toString()), mergedFrom: { id: 'cr1', status: 'merged' } });
    expect(gunzipSync(merged.gzipped()!)).toEqual(merged.json());
  });

  it('drops the least recently used answer past its bytes, and keeps nothing with READER_CACHE_MB=0', async () => {
    const kept = answers(String(2500 / 1024 / 1024)); // two answers (and their gzipped copies), not three
    const big = async () => ({ x: 'x'.repeat(1000) });
    await kept.answer('a', big);
    await kept.answer('b', big);
    await kept.answer('a', big);
    await kept.answer('c', big);
    let renders = 0;
    const counted = async () => (renders++, { x: 'x'.repeat(1000) });
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
