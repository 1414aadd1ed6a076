import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { newShareKey, SHARE_KEY_LENGTH } from './share-link-key';
import { ShareLinkDoc } from './share-link.projection';
import { shareLinkResource } from './share-link.resource';

/** The official client's spec, as the e2e tests check responses against it. */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(spec, 'spec');
const shareLinkSchema = ajv.getSchema('spec#/components/schemas/ShareLink')!;

const URL = 'https://folio.test';
const doc: ShareLinkDoc = {
  id: 'l1',
  siteId: 'site1',
  organizationId: 'o1',
  name: 'Reviewers',
  nameFolded: 'reviewers',
  key: 'AbC123xyz',
  active: false,
  createdBy: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  logPosition: '2',
};

describe('shareLinkResource', () => {
  it("shows a link with the site's published URL and its key, valid for the spec", () => {
    const resource = shareLinkResource(doc, `${URL}/sites/o1/site1`);
    expect(resource).toEqual({
      object: 'share-link',
      id: 'l1',
      createdAt: '2026-01-01T00:00:00.000Z',
      name: 'Reviewers',
      active: false,
      urls: { published: `${URL}/sites/o1/site1/AbC123xyz` },
    });
    expect({ valid: shareLinkSchema(resource), errors: shareLinkSchema.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(shareLinkSchema({ ...resource, object: 'link' })).toBe(false);
  });

  it("puts the key as the path segment after the site's address (GitBook's renderer drops a query)", () =>
    expect(shareLinkResource(doc, 'https://docs.acme.com').urls.published).toBe('https://docs.acme.com/AbC123xyz'));
});

describe('newShareKey', () => {
  it('makes base62 keys of at least 128 bits, a new one each time', () => {
    const keys = Array.from({ length: 200 }, newShareKey);
    expect(SHARE_KEY_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(128);
    for (const key of keys) expect(key).toMatch(new RegExp(`^[0-9A-Za-z]{${SHARE_KEY_LENGTH}}$`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
