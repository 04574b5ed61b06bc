import { defineConfig } from 'vitest/config';

// Every unit and property test runs twice: once on the WebCrypto backend, once on node:crypto.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The CLI is Node-only code on the node:crypto backend, and the consumer-types check compiles
          // with tsc: both run in the node project only.
          exclude: ['test/cli.test.ts', 'test/consumer-types.test.ts'],
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
