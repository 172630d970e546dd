/**
 * A loopback TCP proxy that counts the bytes the upstream server sends back,
 * so a client's traffic is measured on the wire whatever library it uses.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface CountingProxy {
  port: number;
  /** Bytes sent from upstream to clients since start (or the last reset). */
  bytesToClients(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(
  upstreamPort: number,
  upstreamHost = '127.0.0.1',
): Promise<CountingProxy> {
  let received = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(upstreamPort, upstreamHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    bytesToClients: () => received,
    reset: () => {
      received = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
