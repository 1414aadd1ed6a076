import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { viewOf } from '@folio/integrations/catalogue/webhook-catalogue';
import { WebhookDispatcher } from '@folio/integrations/deliveries/webhook-dispatcher';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { freePort } from '../../bench/children';
import { organizationWithRoles, User } from '../support/roles';
import { exitOf, killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess, waitUntil } from '../support/processes';
import { startServer, TestServer } from '../support/server';

/** A test that waits on the sender (each wait bounded). */
const DELIVERY_TEST_MS = 90_000;
const WAIT_MS = 30_000;

interface Received {
  deliveryId: string;
  eventId: string;
  type: string;
  /** What the receiver answered: a status, or `dropped` (the connection destroyed unanswered). */
  answer: number | 'dropped';
  signed: boolean;
  /** The signature's `t`, in unix seconds. */
  t: number;
  payload: Record<string, unknown>;
}

/**
 * A receiver as an integrator writes one: it verifies every request's signature with the webhook's secret
 * (GitBook's scheme, recomputed here with node:crypto). At `/ok` it fails each delivery's first two attempts
 * (a 500, then a connection dropped without an answer) before acknowledging the third; `/gone` answers 410.
 */
class Receiver {
  readonly requests: Received[] = [];
  secret = '';
  private server!: LocalHttpServer;

  async start() {
    this.server = await startLocalHttpServer((request, response) => void this.answer(request, response));
    return this;
  }

  get url() {
    return this.server.url;
  }

  get port() {
    return this.server.port;
  }

  close() {
    return this.server.close();
  }

  /** The event ids acknowledged (2xx), each as often as it was. */
  acknowledged(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.requests) if (r.answer === 200) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
    return counts;
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = String(request.headers['x-gitbook-signature'] ?? '');
    const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
    const expected = createHmac('sha256', this.secret).update(`${parts.get('t')}.${body}`).digest();
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    const payload = JSON.parse(body) as { id: string; type: string };
    const signed =
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      request.headers['content-type'] === 'application/json' &&
      request.headers['user-agent'] === 'Folio-Webhooks/1' &&
      request.headers['x-folio-event'] === payload.type;
    const deliveryId = String(request.headers['x-folio-delivery']);
    const tries = this.requests.filter((r) => r.deliveryId === deliveryId).length;
    const answer: Received['answer'] = request.url === '/gone' ? 410 : tries === 0 ? 500 : tries === 1 ? 'dropped' : 200;
    this.requests.push({ deliveryId, eventId: payload.id, type: payload.type, answer, signed, t: Number(parts.get('t')), payload });
    if (answer === 'dropped') response.destroy();
    else response.writeHead(answer).end();
  }
}

interface Delivery {
  object: string;
  id: string;
  webhookId: string;
  event: { id: string; type: string };
  status: 'pending' | 'succeeded' | 'failed';
  attempts: { at: string; statusCode: number | null; error: string | null; durationMs: number }[];
  attemptCount: number;
  responseCode: number | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

/** Requests to Folio as the holder of `token` (the deliveries are Folio's own routes, outside the client's spec). */
function folio(url: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

describe('webhook deliveries', () => {
  let server: TestServer;
  let receiver: Receiver;
  let orgId: string;
  let ann: User;
  let rita: User;
  let cat: User;

  beforeAll(async () => {
    receiver = await new Receiver().start();
    server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_DISABLE_AFTER: '2' } });
    ({ orgId, ann, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  const as = (user: User) => folio(server.url, user.token);

  async function createWebhook(url: string, events: string[] = ['*']): Promise<{ id: string; secret: string }> {
    const { status, body } = await as(ann)('POST', `/orgs/${orgId}/webhooks`, { url, events });
    expect(status).toBe(201);
    return body;
  }

  /**
   * Polls until `condition` holds, moving the server's clock (which stands still in tests) a second on each
   * round, so that retries come due without the test waiting for real backoff.
   */
  async function untilDelivered(condition: () => Promise<boolean>, what: string) {
    await waitUntil(
      async () => {
        server.clock.advance(1000);
        return condition();
      },
      what,
      WAIT_MS,
    );
  }

  const deliveries = async (webhookId: string): Promise<Delivery[]> => {
    const { status, body } = await as(ann)('GET', `/orgs/${orgId}/webhooks/${webhookId}/deliveries`);
    expect(status).toBe(200);
    return body.items;
  };

  let webhook: { id: string; secret: string };
  let delivered: Delivery[];

  it(
    'delivers each event once, signed, after a 500 and a dropped connection, and lists the attempts',
    async () => {
      webhook = await createWebhook(`${receiver.url}/ok`);
      receiver.secret = webhook.secret;
      expect(webhook.secret).toEqual(expect.any(String));
      const subscribed = await server.head();
      for (const title of ['One', 'Two', 'Three']) {
        server.clock.advance(1000);
        await server.as(ann.token).orgs.createSpace(orgId, { title });
      }
      // What the webhook must receive: every event of the organization the catalogue shows, since it was created.
      const expected = (await server.events.readAll(subscribed, 100_000)).filter((e) => viewOf(e)?.organizationId === orgId).map((e) => e.eventId);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      await untilDelivered(async () => {
        const listed = await deliveries(webhook.id);
        return listed.length === expected.length && listed.every((d) => d.status === 'succeeded');
      }, 'every delivery acknowledged');
      delivered = await deliveries(webhook.id);

      // Every request signed with the secret shown at creation, `t` the (test) clock's time of sending.
      expect(receiver.requests.filter((r) => !r.signed)).toEqual([]);
      const now = server.clock.now().getTime() / 1000;
      for (const r of receiver.requests) expect(now - r.t).toBeLessThan(300);

      // Each event acknowledged exactly once, none missing: the deliveries listed are the events received.
      const acknowledged = receiver.acknowledged();
      expect([...acknowledged.values()].every((n) => n === 1)).toBe(true);
      expect([...acknowledged.keys()].sort()).toEqual([...expected].sort());
      expect(delivered.map((d) => d.event.id).sort()).toEqual([...expected].sort());
      expect(delivered.map((d) => d.event.type)).toEqual(expect.arrayContaining(['space.created']));
      // The body: the event's id, its dotted name, when it happened, its organization, its data; the delivery's id in X-Folio-Delivery.
      const created = receiver.requests.find((r) => r.type === 'space.created')!;
      expect(created.payload).toEqual({ id: created.eventId, type: 'space.created', createdAt: expect.any(String), organizationId: orgId, data: expect.any(Object) });
      expect(new Set(receiver.requests.map((r) => r.deliveryId))).toEqual(new Set(delivered.map((d) => d.id)));

      const first = delivered[0];
      expect(first).toMatchObject({ object: 'webhook-delivery', webhookId: webhook.id, status: 'succeeded', attemptCount: 3, responseCode: 200, nextAttemptAt: null });
      expect(first.attempts.map((a) => a.statusCode)).toEqual([500, null, 200]);
      expect(first.attempts[0].error).toMatch(/500/);
      expect(first.attempts[1].error).toMatch(/ECONNRESET|socket hang up|could not reach/);
      expect(first.attempts[2].error).toBeNull();
      // Newest first.
      expect(delivered.map((d) => d.createdAt)).toEqual([...delivered.map((d) => d.createdAt)].sort().reverse());
      const one = await as(ann)('GET', `/orgs/${orgId}/webhooks/${webhook.id}/deliveries/${first.id}`);
      expect(one).toEqual({ status: 200, body: first });

      // The dispatcher re-running an event (as after a crash before its checkpoint moved) records nothing again.
      const before = await server.head();
      const event = (await server.events.readAll(null, 100_000)).find((e) => e.eventId === first.event.id)!;
      await server.app.get(WebhookDispatcher).react(event);
      expect(await server.head()).toBe(before);
    },
    DELIVERY_TEST_MS,
  );

  it(
    'redelivers on request (202): pending again, a fresh series, acknowledged once more',
    async () => {
      const target = delivered[0];
      const before = receiver.acknowledged().get(target.event.id);
      const { status, body } = await as(ann)('POST', `/orgs/${orgId}/webhooks/${webhook.id}/deliveries/${target.id}/redeliver`);
      expect(status).toBe(202);
      expect(body).toMatchObject({ id: target.id, status: 'pending', attemptCount: 0, attempts: [] });
      // A delivery pending already is on its way: 409.
      expect((await as(ann)('POST', `/orgs/${orgId}/webhooks/${webhook.id}/deliveries/${target.id}/redeliver`)).status).toBe(409);
      await untilDelivered(async () => (await deliveries(webhook.id)).find((d) => d.id === target.id)?.status === 'succeeded', 'the redelivery acknowledged');
      // Its receiver counts attempts per delivery id: the redelivery was acknowledged on its first attempt.
      expect(receiver.acknowledged().get(target.event.id)).toBe(before! + 1);
    },
    DELIVERY_TEST_MS,
  );

  it(
    'disables a webhook after WEBHOOK_DISABLE_AFTER deliveries failed in a row (a 410 fails at once)',
    async () => {
      const gone = await createWebhook(`${receiver.url}/gone`, ['space.created']);
      for (const title of ['Four', 'Five']) {
        server.clock.advance(1000);
        await server.as(ann.token).orgs.createSpace(orgId, { title });
      }
      await untilDelivered(async () => (await as(ann)('GET', `/orgs/${orgId}/webhooks/${gone.id}`)).body.active === false, 'the webhook disabled');
      const failed = await deliveries(gone.id);
      expect(failed.length).toBeGreaterThanOrEqual(2);
      for (const d of failed.filter((d) => d.attemptCount > 0)) expect(d).toMatchObject({ status: 'failed', responseCode: 410, attemptCount: 1, nextAttemptAt: null });
    },
    DELIVERY_TEST_MS,
  );

  describe('who may read them, and what is not there', () => {
    const path = () => `/orgs/${orgId}/webhooks/${webhook.id}/deliveries`;

    it('pages through them newest first', async () => {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const { status, body } = await as(ann)('GET', `${path()}?limit=2${page ? `&page=${page}` : ''}`);
        expect(status).toBe(200);
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((d: Delivery) => d.id));
        page = body.next?.page;
      } while (page);
      expect(seen).toEqual((await deliveries(webhook.id)).map((d) => d.id));
    });

    it('hides them from a stranger (404) and refuses a member who is not an admin (403)', async () => {
      for (const [user, status] of [
        [cat, 404],
        [rita, 403],
      ] as const) {
        expect((await as(user)('GET', path())).status).toBe(status);
        expect((await as(user)('GET', `${path()}/${delivered[0].id}`)).status).toBe(status);
        expect((await as(user)('POST', `${path()}/${delivered[0].id}/redeliver`)).status).toBe(status);
      }
    });

    it('answers 404 for an unknown delivery or webhook, 414 for an id past the router\u2019s limit, 400 for a bad query, the error body each time', async () => {
      const before = await server.head();
      for (const [method, url] of [
        ['GET', `${path()}/0123456789abcdef0123456789abcdef`],
        ['POST', `${path()}/0123456789abcdef0123456789abcdef/redeliver`],
        ['GET', `/orgs/${orgId}/webhooks/nowebhook/deliveries`],
        ['GET', `/orgs/${orgId}/webhooks/nowebhook/deliveries/${delivered[0].id}`],
      ]) {
        const { status, body } = await as(ann)(method, url);
        expect({ url, status, body }).toEqual({ url, status: 404, body: { error: { code: 404, message: expect.any(String) } } });
      }
      expect(await server.head()).toBe(before);
      const long = await as(ann)('GET', `${path()}/${'x'.repeat(101)}`);
      expect(long).toEqual({ status: 414, body: { error: { code: 414, message: expect.any(String) } } });
      for (const query of ['limit=0', 'limit=abc', 'page=nocursor']) {
        expect(await as(ann)('GET', `${path()}?${query}`)).toEqual({ status: 400, body: { error: { code: 400, message: expect.any(String) } } });
      }
    });
  });
});

describe('webhook deliveries without FETCH_ALLOW_PRIVATE', () => {
  it(
    'refuses a loopback receiver: the delivery fails at once, saying why, and no request is made',
    async () => {
      const receiver = await new Receiver().start();
      const server = await startServer({ env: { WEBHOOK_RETRY_BASE_MS: '200' } });
      try {
        const { orgId, ann } = await organizationWithRoles(server);
        const as = folio(server.url, ann.token);
        // A literal loopback address is refused when the webhook is created; a name is resolved when it is used.
        const webhook = (await as('POST', `/orgs/${orgId}/webhooks`, { url: `http://localhost:${receiver.port}/ok`, events: ['space.created'] })).body;
        await server.as(ann.token).orgs.createSpace(orgId, { title: 'Private' });
        let listed: Delivery[] = [];
        await waitUntil(
          async () => {
            listed = (await as('GET', `/orgs/${orgId}/webhooks/${webhook.id}/deliveries`)).body.items;
            return listed.length > 0 && listed.every((d) => d.status === 'failed');
          },
          'the delivery failed',
          WAIT_MS,
        );
        expect(listed[0]).toMatchObject({ status: 'failed', attemptCount: 1, responseCode: null });
        expect(listed[0].attempts[0].error).toMatch(/^localhost resolves to .+, a loopback address, which Folio does not fetch from$/);
        expect(receiver.requests).toEqual([]);
      } finally {
        await server.stop();
        await receiver.close();
      }
    },
    DELIVERY_TEST_MS,
  );
});

/**
 * The API killed (-9) while a delivery waits for its retry: restarted on the same data, the sender finds it
 * pending in the read model and completes it; the receiver acknowledges each event exactly once.
 */
describe('webhook deliveries across a kill -9', () => {
  let dataDir: string;
  let receiver: Receiver;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-webhooks-killed-'));
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    killStartedProcesses();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'completes the delivery after the restart, exactly once',
    async () => {
      const port = await freePort();
      // Retries a few seconds apart (real time here), so that the kill lands while one is awaited.
      const env = { FETCH_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '4000' };
      const first = await startApiProcess(dataDir, port, env);
      const url = `http://127.0.0.1:${port}`;
      const admin = folio(url, readFileSync(join(dataDir, 'admin-token'), 'utf8').trim());
      const orgId = (await admin('POST', '/orgs', { title: 'Acme' })).body.id;
      const webhook = (await admin('POST', `/orgs/${orgId}/webhooks`, { url: `${receiver.url}/ok`, events: ['space.created'] })).body;
      receiver.secret = webhook.secret;
      await admin('POST', `/orgs/${orgId}/spaces`, { title: 'Handbook' });
      const listed = async (): Promise<Delivery[]> => (await admin('GET', `/orgs/${orgId}/webhooks/${webhook.id}/deliveries`)).body.items;
      await waitUntil(async () => (await listed()).some((d) => d.status === 'pending' && d.attemptCount >= 1), 'a delivery failed once, its retry awaited', WAIT_MS);

      first.kill('SIGKILL');
      await exitOf(first);
      const second = await startApiProcess(dataDir, port, env);
      await waitUntil(async () => (await listed()).every((d) => d.status === 'succeeded'), 'the delivery acknowledged after the restart', WAIT_MS);

      expect(receiver.requests.filter((r) => !r.signed)).toEqual([]);
      const acknowledged = receiver.acknowledged();
      const events = (await listed()).map((d) => d.event.id);
      expect(events.length).toBeGreaterThan(0);
      expect([...acknowledged.keys()].sort()).toEqual([...events].sort());
      expect([...acknowledged.values()].every((n) => n === 1)).toBe(true);
      const completed = (await listed()).find((d) => d.attemptCount === 3)!;
      expect(completed.attempts.map((a) => a.statusCode)).toEqual([500, null, 200]);
      second.kill('SIGTERM');
      expect(await exitOf(second)).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
