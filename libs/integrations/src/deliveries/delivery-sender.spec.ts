import { ManualClock } from '@folio/platform/clock';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { FindQuery, ReadStore } from '@folio/platform/read-store/read-store.port';
import { DeliveryAttempts } from './delivery-attempt';
import { DeliverySender, MAX_IN_FLIGHT } from './delivery-sender';
import { DeliveryDoc } from './webhook-delivery.projection';
import { WebhookDisabling } from './webhook-disabling';

const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
const pending = (id: string, webhookId: string, due = clock.nowIso()): DeliveryDoc => ({
  id,
  webhookId,
  organization: 'o1',
  event: { id: `e-${id}`, type: 'space.created' },
  status: 'pending',
  attempts: [],
  attemptCount: 0,
  responseCode: null,
  nextAttemptAt: due,
  createdAt: due,
});

/** A sender over a fixed list of pending deliveries whose attempts wait until the test ends them. */
function senderOver(docs: DeliveryDoc[]) {
  const started: { id: string; cancel: AbortSignal; end: () => void }[] = [];
  const reads = { find: async (_c: string, query: FindQuery) => ({ items: docs.filter((d) => d.status === query.filter?.status) }) } as unknown as ReadStore;
  const attempts = {
    attempt: (id: string, cancel: AbortSignal) =>
      new Promise((resolve) => {
        const end = () => {
          docs.find((d) => d.id === id)!.status = 'succeeded';
          resolve({ webhookId: 'w', outcome: 'succeeded' });
        };
        cancel.addEventListener('abort', () => resolve(null));
        started.push({ id, cancel, end });
      }),
  } as unknown as DeliveryAttempts;
  const disabling = { afterFailure: jest.fn() } as unknown as WebhookDisabling;
  const sender = new DeliverySender(reads, attempts, disabling, clock, { runsHere: true } as ProcessHost);
  return { sender, started };
}

const settle = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('delivery sender', () => {
  it('sends at most MAX_IN_FLIGHT at once and one per webhook, starting the next as one ends', async () => {
    // Twelve webhooks with one due delivery each, and a second delivery for the first webhook.
    const docs = [...Array.from({ length: 12 }, (_, i) => pending(`d${i}`, `w${i}`)), pending('d0-next', 'w0')];
    const { sender, started } = senderOver(docs);
    sender.onApplicationBootstrap();
    await settle(() => started.length === MAX_IN_FLIGHT);
    expect(started.map((s) => s.id)).toEqual(docs.slice(0, MAX_IN_FLIGHT).map((d) => d.id));

    // No more while eight are in flight, however long it waits.
    await settle(() => false);
    expect(started).toHaveLength(MAX_IN_FLIGHT);

    started[0].end();
    await settle(() => started.length === MAX_IN_FLIGHT + 1);
    await settle(() => false);
    expect(started.map((s) => s.id)).toEqual([...docs.slice(0, MAX_IN_FLIGHT + 1).map((d) => d.id)]);
    await sender.onApplicationShutdown();
  });

  it('never sends two deliveries of one webhook at once', async () => {
    const docs = [pending('a1', 'w1'), pending('a2', 'w1'), pending('b1', 'w2')];
    const { sender, started } = senderOver(docs);
    sender.onApplicationBootstrap();
    await settle(() => started.length === 2);
    expect(started.map((s) => s.id)).toEqual(['a1', 'b1']);
    started[0].end();
    await settle(() => started.length === 3);
    expect(started.map((s) => s.id)).toEqual(['a1', 'b1', 'a2']);
    await sender.onApplicationShutdown();
  });

  it('waits for a delivery not due yet, and a shutdown cancels the attempts in flight and waits for them', async () => {
    const later = new Date(clock.now().getTime() + 60_000).toISOString();
    const docs = [pending('now', 'w1'), pending('later', 'w2', later)];
    const { sender, started } = senderOver(docs);
    sender.onApplicationBootstrap();
    await settle(() => started.length === 1);
    expect(started.map((s) => s.id)).toEqual(['now']);
    await sender.onApplicationShutdown();
    expect(started[0].cancel.aborted).toBe(true);
    expect(started).toHaveLength(1);
  });
});
