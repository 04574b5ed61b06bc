import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const backend = (name: 'web' | 'node') => fileURLToPath(new URL(`./src/crypto/${name}.ts`, import.meta.url));

/**
 * Node-only or backend-independent tests, run in the node project only: the CLI (node:crypto), the
 * bundling test (it builds every target itself), the consumer-types check (tsc), and the Redis
 * tests (real servers and child processes; twice would double their ~20 s), the conformance kit
 * (child processes), and paysig/node, which serves Node servers (there the `node` condition picks
 * node:crypto), and the memory store's million-entry expiry test. Mutation runs on the WebCrypto
 * backend leave them out too (stryker/vitest.config.ts).
 */
export const NOT_ON_WEB = [
  'src/node/**',
  'test/cli.test.ts',
  'test/cli-gateway.test.ts',
  'test/cli-request-input.test.ts',
  'test/raw-http.test.ts',
  'test/debugger-command.test.ts',
  'test/conformance-kit.test.ts',
  'test/interop.test.ts',
  'test/bundling.test.ts',
  'test/consumer-types.test.ts',
  'test/typescript-docs.test.ts',
  'test/newcomer-docs.test.ts',
  'test/newcomer-messages.test.ts',
  'src/stores/redis/redis.test.ts',
  'src/stores/redis/faults.test.ts',
  'src/stores/redis/loss.test.ts',
  'src/stores/redis/ha.test.ts',
  'src/stores/redis/contract.test.ts',
  'src/stores/memory/expiry-work.test.ts',
];

// Every unit and property test runs twice: once on the WebCrypto backend, once on node:crypto.
// The source imports its backend as `#crypto` (package.json "imports"); each project aliases that
// specifier to one backend module, as the export conditions do for the built package.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '#crypto': backend('web') } },
        test: {
          name: 'web',
          provide: { backend: 'web' },
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: NOT_ON_WEB,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: { '#crypto': backend('node') } },
        test: {
          name: 'node',
          provide: { backend: 'node' },
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
