// Mutation testing with Stryker 9 and its vitest runner. See docs/contributing/mutation.md for
// the commands, the scores and the list of known-equivalent mutants (stryker/equivalents.json).
//
//   npm run test:mutation                       all of src/ but the CLI, in one run
//   node stryker/parts.mjs encoding keys        the same, one part at a time (stryker/parts.mjs)
//   npm run test:mutation:check                 score the reports, fail on a survivor not listed
//
// A part is STRYKER_PART=<name> with STRYKER_FILES=<comma-separated globs>; STRYKER_BACKEND=web
// runs the tests on the WebCrypto backend (stryker/vitest.config.ts), which is how
// src/crypto/web.ts is scored. Everything Stryker writes (reports, incremental files, its temp
// folder) goes to ignored places: reports/mutation/<name>.json and .html, and the incremental
// file reports/mutation/incremental/<name>.json, so a rerun on the same machine tests again only
// the mutants whose code or covering tests changed.
const name = process.env.STRYKER_PART ?? 'mutation';
const scope = process.env.STRYKER_FILES?.split(',') ?? ['src/**/*.ts'];

/** Modules with nothing a test could observe (types and re-exports only), and the CLI. */
export const NOT_MUTATED = [
  'src/**/*.test.ts',
  'src/cli/**',
  'src/index.ts',
  'src/schemes/oauth/index.ts',
  'src/errors/index.ts',
  'src/catalog/params.ts',
  'src/crypto/backend.ts',
  'src/stores/types.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker/vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [...scope, ...NOT_MUTATED.map((glob) => `!${glob}`)],
  // Mutants in module-level initialisers (lookup tables, feature checks) run once when the module
  // loads, before Stryker can switch a mutant on, so no test can observe them here: they are
  // ignored rather than reported as survivors (docs/contributing/mutation.md).
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/mutation/incremental/${name}.json`,
  concurrency: 2,
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: `.stryker-tmp/${name}`,
  // Not copied into the sandbox: the other parts' temp folders (parts may run side by side) and reports.
  ignorePatterns: ['/.stryker-tmp', '/reports'],
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: null },
};
