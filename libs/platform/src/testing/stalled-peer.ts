import { createServer, Socket } from 'node:net';

/**
 * A TCP server on loopback that accepts connections and never answers on them: what a stalled store (a
 * hung process, a half-open connection, a black-holed network) looks like to its client. It fakes no
 * protocol; it only lets a client show what it does when nothing answers.
 */
export async function stalledPeer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
