import { RawJson, serializeReply } from './raw-json';

describe('serializeReply', () => {
  it('writes JSON as JSON.stringify does when no RawJson is in the value', () => {
    const value = { a: [1, 'two', null], b: { c: 'é"\\' }, d: undefined };
    expect(serializeReply(value)).toBe(JSON.stringify(value));
  });

  it('puts each RawJson’s bytes in its place, as they are', () => {
    const document = Buffer.from('{"nodes":[{"text":"x\\"y"}],"object":"document"}');
    const text = serializeReply({ pages: [{ id: 'a', document: new RawJson(document) }, { id: 'b', document: new RawJson(Buffer.from('[]')) }], n: 1 });
    expect(text).toBe(`{"pages":[{"id":"a","document":${document.toString()}},{"id":"b","document":[]}],"n":1}`);
    expect(JSON.parse(text)).toEqual({ pages: [{ id: 'a', document: JSON.parse(document.toString()) }, { id: 'b', document: [] }], n: 1 });
  });

  it('leaves a string that only looks like a mark alone', () => {
    const value = { title: 'raw-json-0:0', document: new RawJson(Buffer.from('{}')) };
    expect(JSON.parse(serializeReply(value))).toEqual({ title: 'raw-json-0:0', document: {} });
  });

  it('is the value its bytes hold when anything else serializes it', () => {
    expect(JSON.stringify({ document: new RawJson(Buffer.from('{"a": [1]}')) })).toBe('{"document":{"a":[1]}}');
  });
});
