import pino from 'pino';
import { FolioValidationPipe } from '@folio/platform/http/validation';
import { startServer, TestServer } from '../support/server';

/** A pino logger at `level` whose JSON lines are kept in memory. */
function memoryLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('The request pipeline at a level that logs no request (warn)', () => {
  const { logger } = memoryLogger('warn');
  let server: TestServer;
  let organizationId: string;
  beforeAll(async () => {
    server = await startServer({ logger });
    organizationId = (await server.as(server.adminToken).orgs.createOrganization({ title: 'Lean' })).data.id;
  }, 60_000);
  afterAll(() => server.stop());
  afterEach(() => jest.restoreAllMocks());

  it('makes no child logger, no request id and no validation work for a GET without a query DTO', async () => {
    const child = jest.spyOn(logger, 'child');
    const validate = jest.spyOn(FolioValidationPipe.prototype, 'transform');
    for (let i = 0; i < 3; i++) {
      const response = await server.fetch(`/v1/orgs/${organizationId}`, { token: server.adminToken });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBeNull();
    }
    expect(child).not.toHaveBeenCalled();
    expect(validate).not.toHaveBeenCalled();
  });

  it('still validates bodies and query strings, and only those', async () => {
    const validate = jest.spyOn(FolioValidationPipe.prototype, 'transform');
    const refused = await server.fetch(`/v1/orgs/${organizationId}`, {
      method: 'PATCH',
      token: server.adminToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 42 }),
    });
    expect(refused.status).toBe(400);
    expect(validate.mock.calls.map(([, metadata]) => metadata.type)).toEqual(['body']);
    validate.mockClear();
    expect((await server.fetch('/v1/orgs?limit=0', { token: server.adminToken })).status).toBe(400);
    expect(validate.mock.calls.map(([, metadata]) => metadata.type)).toEqual(['query']);
  });

  it('echoes a request id the caller gave, on any request', async () => {
    const response = await server.fetch(`/v1/orgs/${organizationId}`, { token: server.adminToken, headers: { 'x-request-id': 'trace-7' } });
    expect(response.headers.get('x-request-id')).toBe('trace-7');
  });

  it('makes a request id for a command, answers it and records it as the events’ correlation id', async () => {
    const response = await server.fetch(`/v1/orgs/${organizationId}`, {
      method: 'PATCH',
      token: server.adminToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Lean, renamed' }),
    });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    const events = await server.events.readStream(`organization-${organizationId}`);
    expect(events[events.length - 1].metadata).toMatchObject({ correlationId: id, causationId: id });
  });
});

describe('The request pipeline at a level that logs every request (info)', () => {
  const { logger, lines } = memoryLogger('info');
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ logger });
  }, 60_000);
  afterAll(() => server.stop());

  it('gives every request an id at once, logged with it and answered', async () => {
    const response = await server.fetch('/v1/user', { token: server.adminToken });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    const logged = lines.filter((line) => line.reqId === id).map((line) => line.msg);
    expect(logged).toEqual(['incoming request', 'request completed']);
  });
});
