import { matchTemplate, parseSiteUrl, parseTemplate, siteAddress } from './site-address';

const PATH_TEMPLATE = 'https://docs.example.com/sites/{org}';
const HOST_TEMPLATE = 'https://{org}.docs.example.com';
const url = (u: string) => parseSiteUrl(u)!;

describe('site addresses', () => {
  it("serve a site under its organization's key at its basename, else its id, or at its custom hostname's root", () => {
    expect(siteAddress({ id: 'site1', basename: null }, 'acme', PATH_TEMPLATE)).toBe('https://docs.example.com/sites/acme/site1');
    expect(siteAddress({ id: 'site1', basename: 'api' }, 'acme', HOST_TEMPLATE)).toBe('https://acme.docs.example.com/api');
    expect(siteAddress({ id: 'site1', basename: 'api', hostname: 'help.acme.com' }, 'acme', HOST_TEMPLATE)).toBe('https://help.acme.com');
    expect(siteAddress({ id: 'site1', basename: null, hostname: 'help.acme.com' }, 'acme', 'http://folio.test/sites/{org}')).toBe('http://help.acme.com');
  });

  it('parse a URL into host and segments, ignoring query, fragment, empty segments and a trailing slash', () => {
    expect(parseSiteUrl('https://docs.example.com//sites/acme/api/?x=1#top')).toEqual({ origin: 'https://docs.example.com', host: 'docs.example.com', segments: ['sites', 'acme', 'api'] });
    expect(parseSiteUrl('https://docs.example.com')).toMatchObject({ segments: [] });
  });

  it('refuse a URL with a port, credentials, another scheme, or none at all', () => {
    for (const bad of ['https://docs.example.com:8443/x', 'https://u:p@docs.example.com/x', 'ftp://docs.example.com/x', 'not a url', '']) expect(parseSiteUrl(bad)).toBeNull();
  });

  it("find {org} in the template's path, whatever the scheme", () => {
    const template = parseTemplate(PATH_TEMPLATE);
    expect(matchTemplate(template, url('http://docs.example.com/sites/acme/api/intro'))).toEqual({ organizationKey: 'acme', consumed: 2 });
    expect(matchTemplate(template, url('https://docs.example.com/sites'))).toBeNull();
    expect(matchTemplate(template, url('https://docs.example.com/other/acme/api'))).toBeNull();
    expect(matchTemplate(template, url('https://other.example.com/sites/acme/api'))).toBeNull();
  });

  it("find {org} in the template's host, as one label", () => {
    const template = parseTemplate(HOST_TEMPLATE);
    expect(matchTemplate(template, url('https://acme.docs.example.com/api'))).toEqual({ organizationKey: 'acme', consumed: 0 });
    expect(matchTemplate(template, url('https://a.b.docs.example.com/api'))).toBeNull();
    expect(matchTemplate(template, url('https://docs.example.com/api'))).toBeNull();
  });

  it('find {org} inside a segment with text around it', () => {
    const template = parseTemplate('https://docs.example.com/org-{org}-docs');
    expect(matchTemplate(template, url('https://docs.example.com/org-acme-docs/api'))).toEqual({ organizationKey: 'acme', consumed: 1 });
    expect(matchTemplate(template, url('https://docs.example.com/org--docs/api'))).toBeNull();
  });
});
