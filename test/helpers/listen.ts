/**
 * A node:http server listening on a free loopback port, for tests: its base URL, and a close that
 * ends the open connections too (keep-alive sockets would hold `close` until they time out).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1 and a free port. */
export function listen(server: Server): Promise<{ base: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
