// Mutation testing with Stryker 9 and its vitest runner: `npm run test:mutation`.
// See docs/mutation.md for the scores, how to run one folder, and the equivalent mutants.
//
// STRYKER_FOLDER=encoding (any folder of src/) mutates that folder only and keeps its own
// incremental file in stryker/parts/; `node stryker/merge.mjs` merges the parts into
// stryker/incremental.json, which a full run then starts from.
// STRYKER_FILES=src/oauth/header.ts,src/oauth/url.ts with STRYKER_PART=<name> does the same for
// a list of files (stryker/parts/<name>.json).
// STRYKER_BACKEND=web runs the tests on the WebCrypto backend (stryker/vitest.config.ts); the
// parts are `crypto` (src/crypto/node.ts and the rest, node backend) and `crypto-web`
// (STRYKER_FILES=src/crypto/web.ts STRYKER_PART=crypto-web STRYKER_BACKEND=web).
const folder = process.env.STRYKER_PART ?? process.env.STRYKER_FOLDER;
const scope = process.env.STRYKER_FILES?.split(',') ?? [folder ? `src/${folder}/**/*.ts` : 'src/**/*.ts'];
const name = folder ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker/vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    ...scope,
    '!src/**/*.test.ts',
    '!src/cli/**',
    // Type-only and re-export-only modules: nothing a test could observe.
    '!src/index.ts',
    '!src/index.node.ts',
    '!src/oauth/index.ts',
    '!src/catalog/params.ts',
    '!src/crypto/backend.ts',
  ],
  // Mutants in module-level initialisers (lookup tables, feature checks) run once when the module
  // loads, before Stryker can switch a mutant on, so no test can observe them here: they are
  // ignored rather than reported as survivors (docs/mutation.md).
  ignoreStatic: true,
  incremental: true,
  incrementalFile: folder ? `stryker/parts/${folder}.json` : 'stryker/incremental.json',
  concurrency: 2,
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: null },
};
