import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NOT_ON_WEB } from '../vitest.config.js';

// Mutation testing runs the unit and property tests once, on the node:crypto backend only (the
// `web` project checks the same code paths on WebCrypto; running both would double the cost of
// every mutant). `#crypto` is aliased to the node backend as in the `node` project of
// vitest.config.ts. Tests that do not exercise src/ behaviour are left out: the CLI test (builds
// dist/ and spawns processes), bundling and consumer types (build and tsc), the conformance kit
// (child processes), what paysig/hmac's bundle holds (instrumented code does not tree-shake
// alike), the vectors JSON Schema check, the source-purity scan, the Redis fault
// runs (src/stores/redis/faults.test.ts: they kill and pause servers for seconds), and the fuzzers
// (random by design; they have their own command). src/stores/redis/redis.test.ts stays: it starts
// its own redis-server on a free port. The other tests that start several redis-server processes
// (replication, a replaced server, a cluster) run only for the stores-redis part (and a run of all
// of src/ at once): under the load of a mutation run they can fail for their own reasons (a server
// slow to start, a timing bound), and a failure there was counted as a kill of a mutant in another
// part, e.g. of the header parser.
//
// STRYKER_BACKEND=web runs the same tests on the WebCrypto backend instead: that is how the
// mutants of src/crypto/web.ts are tested (the `crypto-web` part, see stryker/parts.mjs), leaving out
// the tests the `web` project of vitest.config.ts leaves out (NOT_ON_WEB: paysig/node, the CLI, ...).
const backend = process.env.STRYKER_BACKEND === 'web' ? 'web' : 'node';
// (stores-redis is run one file at a time, as stores-redis-<file>: see stryker/parts.mjs.)
const part = process.env.STRYKER_PART;
const redisProcesses =
  part === undefined || part === 'stores-redis' || part.startsWith('stores-redis-')
    ? []
    : ['src/stores/redis/ha.test.ts', 'src/stores/redis/replaced.test.ts', 'src/stores/redis/cluster.test.ts'];

export default defineConfig({
  resolve: { alias: { '#crypto': fileURLToPath(new URL(`../src/crypto/${backend}.ts`, import.meta.url)) } },
  test: {
    name: backend,
    root: new URL('..', import.meta.url).pathname,
    provide: { backend },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      'test/cli.test.ts',
      'test/bundling.test.ts',
      'src/hmac/bundle.test.ts',
      'test/consumer-types.test.ts',
      'test/conformance-kit.test.ts',
      'test/vectors-schema.test.ts',
      'test/purity.test.ts',
      'src/stores/redis/faults.test.ts',
      ...redisProcesses,
      ...(backend === 'web' ? NOT_ON_WEB : []),
      'test/fuzz/**',
      '**/node_modules/**',
    ],
    testTimeout: 30_000,
  },
});
