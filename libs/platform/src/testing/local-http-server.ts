import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface LocalHttpServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port, answering with `handler`. For tests of outgoing requests. */
export async function startLocalHttpServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<LocalHttpServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        // A handler that never answers leaves its connection open: close it rather than wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
