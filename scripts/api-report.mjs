// API Extractor reports of the public surface, one per entry point: api/paysig.api.md (the
// package root), api/paysig-redis.api.md (`paysig/redis`) and api/paysig-node.api.md
// (`paysig/node`) and api/paysig-hmac.api.md (`paysig/hmac`). Reads the built dist/*.d.ts, so run it after `npm run build` (the npm scripts do).
//
//   node scripts/api-report.mjs          refresh the reports (commit the diff with your change)
//   node scripts/api-report.mjs --check  CI: fail, printing the diff, when a report is stale
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIGS = [
  'api/paysig.extractor.json',
  'api/paysig-redis.extractor.json',
  'api/paysig-node.extractor.json',
  'api/paysig-hmac.extractor.json',
];
const check = process.argv.includes('--check');
// Analyse with the TypeScript the project builds with, not the one API Extractor bundles.
const typescriptCompilerFolder = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));

let failures = 0;
for (const file of CONFIGS) {
  const config = ExtractorConfig.loadFileAndPrepare(join(root, file));
  const result = Extractor.invoke(config, {
    localBuild: !check,
    typescriptCompilerFolder,
    printApiReportDiff: check,
  });
  const what = `${file}: ${result.errorCount} errors, ${result.warningCount} warnings`;
  if (!result.succeeded) {
    failures++;
    console.error(
      `api: FAILED ${what}${check && result.apiReportChanged ? ' (the public surface changed: run `npm run api` and commit api/)' : ''}`,
    );
  } else if (result.apiReportChanged) {
    console.log(`api: ${what}; report updated, commit it`);
  } else {
    console.log(`api: ${what}; report unchanged`);
  }
}
process.exitCode = failures === 0 ? 0 : 1;
