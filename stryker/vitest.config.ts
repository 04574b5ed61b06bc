import { defineConfig } from 'vitest/config';

// Mutation testing runs the unit and property tests once, on the node:crypto backend only (the
// `web` project checks the same code paths on WebCrypto; running both would double the cost of
// every mutant). Tests that do not exercise src/ behaviour are left out: the CLI test (builds
// dist/ and spawns processes), the vectors JSON Schema check, the source-purity scan, the Redis
// store (needs a server), and the fuzzers (random by design; they have their own command).
export default defineConfig({
  test: {
    name: 'node',
    root: new URL('..', import.meta.url).pathname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      'test/cli.test.ts',
      'test/vectors-schema.test.ts',
      'test/purity.test.ts',
      'test/redis.test.ts',
      'test/fuzz/**',
      '**/node_modules/**',
    ],
    setupFiles: ['test/setup-node.ts'],
    testTimeout: 30_000,
  },
});
