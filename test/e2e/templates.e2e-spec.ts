import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type PageTree = { id: string; title: string; path: string; pages?: PageTree[] };

const PRODUCT_DOCS = [
  'overview: Overview',
  'quickstart: Quickstart',
  'guides: Guides',
  'guides/configuration: Configuration',
  'guides/integrations: Integrations',
  'troubleshooting: Troubleshooting',
];

/** POST /spaces/{id}/content/template and POST …/change-requests with `template`, through the official client. */
describe('space templates', () => {
  let server: TestServer;
  let ann: User; // admin
  let ed: User; // edit member
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let spaceId: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
  });

  const spaces = (user: User = ed) => server.as(user.token).spaces;
  const path = () => `/spaces/${spaceId}/content/template`;
  const refused = (user: User, method: string, route: string, body?: unknown, status?: number) =>
    server.expectRefused(user.token, method, `/v1${route}`, body, status);
  async function apply(body: { id: string; params?: object; changeRequestId?: string }, user: User = ed) {
    const { status, data } = await spaces(user).applyTemplateToSpace(spaceId, body as never);
    expect(status).toBe(201);
    expectMatchesSpec('POST', '/spaces/{spaceId}/content/template', 201, data);
  }
  const outline = (pages: PageTree[]): string[] => pages.flatMap((p) => [`${p.path}: ${p.title}`, ...outline(p.pages ?? [])]);
  const mainOutline = async () => {
    const { data, status } = await spaces().listPages(spaceId);
    expectMatchesSpec('GET', '/spaces/{spaceId}/content/pages', status, data);
    return outline(data.pages as PageTree[]);
  };
  const requestOutline = async (changeRequestId: string) => {
    const { data, status } = await spaces().listPagesInChangeRequest(spaceId, changeRequestId);
    expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', status, data);
    return outline(data.pages as PageTree[]);
  };
  const markdownOf = async (pageId: string) =>
    ((await spaces().getPageById(spaceId, pageId, { format: 'markdown' } as never)).data as unknown as { markdown: string }).markdown;

  describe('onto main', () => {
    it('adds the pages as a new edits revision of the space, links pointing at the new pages and placeholders filled', async () => {
      const before = (await spaces().getSpaceById(spaceId)).data.revision;
      await apply({ id: 'product-docs', params: { contentRefs: { website: { kind: 'url', url: 'https://acme.io' } } } });
      expect(await mainOutline()).toEqual(PRODUCT_DOCS);
      const space = (await spaces().getSpaceById(spaceId)).data;
      expect(space.revision).not.toBe(before);
      const revision = (await spaces().getRevisionById(spaceId, space.revision)).data;
      expect(revision).toMatchObject({ type: 'edits', parents: [before] });
      const pages = (await spaces().listPages(spaceId)).data.pages as PageTree[];
      const quickstart = pages.find((p) => p.title === 'Quickstart')!;
      const overview = await markdownOf(pages[0].id);
      expect(overview).toContain(`[Quickstart](/pages/${quickstart.id})`);
      expect(overview).toContain('[our product](https://acme.io)');
    });

    it('adds after the pages already there, and two applied at once both land (the second recomputed on the new main)', async () => {
      await apply({ id: 'changelog' });
      await Promise.all([apply({ id: 'changelog' }), apply({ id: 'knowledge-base' })]);
      const titles = (await mainOutline()).filter((line) => !line.includes('/'));
      expect(titles.slice(0, 2)).toEqual(['changelog: Changelog', 'versioning-policy: Versioning policy']);
      expect(titles).toHaveLength(2 + 2 + 4);
      expect(titles).toContain('changelog-2: Changelog');
      expect(titles).toContain('welcome: Welcome');
    }, 60_000);

    it('needs the admin role where merge rules ask for review (a direct edit skips it); the edit role otherwise', async () => {
      await spaces(ann).updateSpaceById(spaceId, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } } as never);
      expect(await refused(ed, 'POST', path(), { id: 'changelog' }, 403)).toMatch(/merge rules ask for review/);
      await apply({ id: 'changelog' }, ann);
      expect(await mainOutline()).toContain('changelog: Changelog');
    });
  });

  describe('into a change request', () => {
    it('adds the pages to the request (named by id or number) and leaves main alone', async () => {
      const cr = (await spaces().createChangeRequest(spaceId, { subject: 'API docs' })).data;
      await apply({ id: 'api-reference', changeRequestId: String(cr.number) });
      const pages = await requestOutline(cr.id);
      expect(pages).toEqual([
        'introduction: Introduction',
        'authentication: Authentication',
        'pagination: Pagination',
        'resources: Resources',
        'resources/projects: Projects',
        'resources/members: Members',
        'errors: Errors',
      ]);
      expect(await mainOutline()).toEqual([]);
      await apply({ id: 'changelog', changeRequestId: cr.id });
      expect(await requestOutline(cr.id)).toEqual([...pages, 'changelog: Changelog', 'changelog/2-0-0: 2.0.0', 'changelog/1-1-0: 1.1.0', 'versioning-policy: Versioning policy']);
    });

    it('creates a change request with a template applied, answering its new head', async () => {
      const { data, status } = await spaces().createChangeRequest(spaceId, { subject: 'KB', template: { id: 'knowledge-base' } } as never);
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/spaces/{spaceId}/change-requests', 201, data);
      const main = (await spaces().getSpaceById(spaceId)).data.revision;
      expect(data.revision).not.toBe(main);
      expect(await requestOutline(data.id)).toEqual([
        'welcome: Welcome',
        'onboarding: Onboarding',
        'how-we-work: How we work',
        'how-we-work/meetings: Meetings',
        'how-we-work/decisions: Decisions',
        'faq: FAQ',
      ]);
      expect(await mainOutline()).toEqual([]);
    });

    it('refuses a change request the space does not have (404), writing nothing', async () => {
      await refused(ed, 'POST', path(), { id: 'changelog', changeRequestId: '99' }, 404);
      await refused(ed, 'POST', path(), { id: 'changelog', changeRequestId: 'nOsUcHrEqUeSt' }, 404);
    });

    it('refuses an unknown template on creation, creating no change request (nothing appended)', async () => {
      const message = await refused(ed, 'POST', `/spaces/${spaceId}/change-requests`, { template: { id: 'blog' } });
      expect(message).toMatch(/template\.id: no template "blog"/);
    });
  });

  describe('refusals, with nothing written', () => {
    it.each([
      ['an unknown template, naming it', { id: 'blog' }, /id: no template "blog"; the templates are product-docs, api-reference, knowledge-base, changelog/],
      ['no id', {}, /id/],
      ['an id that is not a string', { id: 7 }, /id/],
      ['an unknown property', { id: 'changelog', title: 'x' }, /title/],
      ['an unknown params property', { id: 'changelog', params: { pages: [] } }, /pages/],
      ['a changeRequestId that is not a string', { id: 'changelog', changeRequestId: 1 }, /changeRequestId/],
      ['a placeholder the template lacks', { id: 'changelog', params: { contentRefs: { website: { kind: 'url', url: 'https://x.io' } } } }, /params\.contentRefs\.website: template changelog has no placeholder/],
      ['a content reference a page cannot link to', { id: 'changelog', params: { contentRefs: { product: { kind: 'tag', tag: 'x' } } } }, /params\.contentRefs\.product\.kind/],
      ['contentRefs that are not an object', { id: 'changelog', params: { contentRefs: 'x' } }, /contentRefs/],
    ])('refuses %s (400)', async (_case, body, message) => {
      expect(await refused(ed, 'POST', path(), body)).toMatch(message);
    });

    it('refuses no body at all (400)', async () => {
      await refused(ed, 'POST', path(), undefined);
    });

    it('refuses a locked space, on main and into a change request (403)', async () => {
      const cr = (await spaces().createChangeRequest(spaceId, {})).data;
      await spaces(ann).updateSpaceById(spaceId, { editMode: 'locked' } as never);
      expect(await refused(ann, 'POST', path(), { id: 'changelog' }, 403)).toMatch(/locked/);
      expect(await refused(ed, 'POST', path(), { id: 'changelog', changeRequestId: cr.id }, 403)).toMatch(/locked/);
    });

    it('refuses a read member (403) and hides the space from a stranger (404)', async () => {
      await refused(rita, 'POST', path(), { id: 'changelog' }, 403);
      await refused(cat, 'POST', path(), { id: 'changelog' }, 404);
      await expectStatus(spaces(cat).applyTemplateToSpace(spaceId, { id: 'changelog' }), 404);
      expect(await mainOutline()).toEqual([]);
    });
  });
});
