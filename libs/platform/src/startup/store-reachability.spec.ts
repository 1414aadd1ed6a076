import { createServer } from 'node:net';
import { stalledPeer } from '../testing/stalled-peer';
import { StartupError } from './startup-error';
import { checkStoresReachable, hostsOf } from './store-reachability';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The StartupError a check refuses with (or a failure of the test when it passes). */
async function refusal(config: { eventStoreUrl?: string; mongodbUrl?: string }): Promise<string> {
  const error = await checkStoresReachable(config).then(
    () => new Error('the check passed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StartupError);
  const message = (error as Error).message;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

/** Far above the check's own bound (4 s): a check that hung would fail here instead. */
const TEST_TIMEOUT_MS = 20_000;

describe('store reachability at start', () => {
  it('names the hosts of a connection string, never its credentials', () => {
    expect(hostsOf('esdb://admin:changeit@localhost:2113?tls=false')).toBe('localhost:2113');
    expect(hostsOf('esdb+discover://a:2113,b:2113')).toBe('a:2113,b:2113');
    expect(hostsOf('mongodb://user:p%40ss@mongo:27017/folio?replicaSet=rs0')).toBe('mongo:27017');
    expect(hostsOf('mongodb+srv://u:p@cluster0.example.net/folio')).toBe('cluster0.example.net');
    expect(hostsOf('nonsense')).toBe('(no host)');
  });

  it('passes when nothing distributed is configured', async () => {
    await expect(checkStoresReachable({})).resolves.toBeUndefined();
  });

  it(
    'refuses a closed port in one line naming the variable, the host and the refusal',
    async () => {
      const port = await closedPort();
      expect(await refusal({ eventStoreUrl: `esdb://admin:secret@127.0.0.1:${port}?tls=false` })).toBe(
        `EVENTSTORE_URL 127.0.0.1:${port} unreachable: connection refused (is the server running, on that port?)`,
      );
      expect(await refusal({ mongodbUrl: `mongodb://127.0.0.1:${port}/folio?directConnection=true` })).toBe(
        `MONGODB_URL 127.0.0.1:${port} unreachable: connection refused (is the server running, on that port?)`,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses a stalled peer (accepts, never answers), both stores in one line',
    async () => {
      const peer = await stalledPeer();
      try {
        const message = await refusal({
          eventStoreUrl: `esdb://127.0.0.1:${peer.port}?tls=false`,
          mongodbUrl: `mongodb://127.0.0.1:${peer.port}/folio?directConnection=true`,
        });
        expect(message).toBe(
          `EVENTSTORE_URL 127.0.0.1:${peer.port} unreachable: no answer within 4 s; MONGODB_URL 127.0.0.1:${peer.port} unreachable: no answer within 4 s`,
        );
      } finally {
        await peer.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
