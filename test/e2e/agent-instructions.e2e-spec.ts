import { JSONDocument } from '@gitbook/api';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, RoleCast, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const PATH = '/orgs/{organizationId}/agent-instructions';
const paragraph = (text: string) =>
  ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] }) as unknown as JSONDocument;

describe('agent instructions', () => {
  let server: TestServer;
  let cast: RoleCast;

  beforeAll(async () => {
    server = await startServer();
    cast = await organizationWithRoles(server);
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  it('answers an empty document, as of the organization\u2019s creation by its creator, before any were written', async () => {
    const { status, data } = await orgs(cast.rita).getOrganizationAgentInstructions(cast.orgId);
    expectMatchesSpec('GET', PATH, status, data);
    const organization = (await orgs(cast.ann).getOrganizationById(cast.orgId)).data;
    expect(data).toEqual({
      object: 'agent-instructions',
      instructions: { object: 'document', data: {}, nodes: [] },
      updatedAt: organization.createdAt,
      updatedBy: cast.ann.id,
      urls: { location: `${server.url}/v1/orgs/${cast.orgId}/agent-instructions` },
    });
  });

  it('lets an admin replace them (200), which every member then reads; the same document again writes nothing', async () => {
    server.clock.advance(60_000);
    const { status, data } = await orgs(cast.ann).updateOrganizationAgentInstructions(cast.orgId, { instructions: paragraph('Answer in plain English.') });
    expect(status).toBe(200);
    expectMatchesSpec('PUT', PATH, status, data);
    expect(data).toMatchObject({ instructions: paragraph('Answer in plain English.'), updatedAt: '2026-03-01T09:01:00.000Z', updatedBy: cast.ann.id });
    expect((await orgs(cast.rita).getOrganizationAgentInstructions(cast.orgId)).data).toEqual(data);

    const head = await server.head();
    server.clock.advance(60_000);
    expect((await orgs(cast.ann).updateOrganizationAgentInstructions(cast.orgId, { instructions: paragraph('Answer in plain English.') })).data).toEqual(data);
    expect(await server.head()).toBe(head);
  });

  it('refuses a document the client\u2019s schema refuses (400, nothing written), naming the value', async () => {
    const bad = { instructions: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'no-such-block' }] } };
    expect(await server.expectRefused(cast.ann.token, 'PUT', `/v1/orgs/${cast.orgId}/agent-instructions`, bad)).toMatch(/instructions\.nodes\[0\]\.type/);
    await server.expectRefused(cast.ann.token, 'PUT', `/v1/orgs/${cast.orgId}/agent-instructions`, {});
    await server.expectRefused(cast.ann.token, 'PUT', `/v1/orgs/${cast.orgId}/agent-instructions`, { instructions: 'text' });
  });

  it('lets only admins write (403 for an editor), and hides the organization from strangers (404)', async () => {
    await expectStatus(orgs(cast.ed).updateOrganizationAgentInstructions(cast.orgId, { instructions: paragraph('x') }), 403);
    await expectStatus(orgs(cast.cat).updateOrganizationAgentInstructions(cast.orgId, { instructions: paragraph('x') }), 404);
    await expectStatus(orgs(cast.cat).getOrganizationAgentInstructions(cast.orgId), 404);
  });
});
