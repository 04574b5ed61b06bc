import { defineConfig } from 'vitest/config';

// Every unit and property test runs twice: once on the WebCrypto backend, once on node:crypto.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The CLI is Node-only code on the node:crypto backend: it runs in the node project.
          // So do the Redis tests: they test Redis and its clients (real servers, child
          // processes), not the crypto backend, and twice would double their ~20 s.
          exclude: ['test/cli.test.ts', 'test/redis.test.ts', 'test/redis-faults.test.ts'],
          setupFiles: ['test/setup-web.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['test/setup-node.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
