import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { SpecTexts } from './spec-texts';

describe('SpecTexts', () => {
  const objects = useTempObjectStore('folio-spec-texts-');

  it('keeps a document in the order its author wrote it (paths, operations, properties), one object per document', async () => {
    const texts = new SpecTexts(objects.store);
    const document = { openapi: '3.1.0', info: { version: '1', title: 'Zoo' }, paths: { '/zebras': { post: {}, get: {} }, '/ants': { get: {} } } };
    const stored = await texts.storeDocument(document);
    const json = (await texts.bytes(stored)).toString();
    expect(json).toBe(JSON.stringify(document));
    expect(Object.keys(JSON.parse(json).paths)).toEqual(['/zebras', '/ants']);
    expect(await texts.storeDocument(JSON.parse(json))).toEqual(stored);
  });
});
