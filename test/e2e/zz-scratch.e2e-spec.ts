import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { newEventId, newId } from '@folio/platform/ids';
import { webhookSecretSubject, webhookStream } from '@folio/integrations/webhooks/webhook.events';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { organizationWithRoles } from '../support/roles';
import { startServer, TestServer } from '../support/server';
import { waitUntil } from '../support/processes';

describe('scratch', () => {
  let server: TestServer;
  let receiver: LocalHttpServer;
  const got: string[] = [];
  beforeAll(async () => {
    let n = 0;
    receiver = await startLocalHttpServer((req, res) => { got.push(`${req.headers['x-gitbook-signature']} ${n}`); n++; if (n % 3 === 1) res.writeHead(500).end(); else if (n % 3 === 2) res.destroy(); else res.writeHead(200).end(); });
    server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '200' } });
  }, 60000);
  afterAll(async () => { await server.stop(); await receiver.close(); });
  it('delivers', async () => {
    const { orgId, ann } = await organizationWithRoles(server);
    const webhookId = newId();
    const secret = await server.app.get(SubjectCipher).seal(webhookSecretSubject(webhookId), 'sekrit');
    await server.events.append(webhookStream(webhookId), [{ eventId: newEventId(), type: 'WebhookCreated', data: { webhookId, organizationId: orgId, url: `${receiver.url}/ok`, events: ['*'], description: null, active: true, secret, createdAt: 'x', createdBy: ann.id }, metadata: { actor: 'a', source: 'api', correlationId: 'c', causationId: null, occurredAt: 'x', schemaVersion: 1 } }], 'no-stream');
    await server.as(ann.token).orgs.createSpace(orgId, { title: 'One' });
    const list = async () => (await server.fetch(`/v1/orgs/${orgId}/webhooks/${webhookId}/deliveries`, { token: ann.token })).body as any;
    await waitUntil(async () => { server.clock.advance(1000); const l = await list(); return l.items?.length === 1 && l.items[0].status === 'succeeded'; }, 'ok', 20000).catch(async (e) => { console.log(JSON.stringify(await list(), null, 1), got); throw e; });
    console.log(JSON.stringify(await list(), null, 1), got);
  }, 60000);
});
