// API Extractor reports of the public surface, one per entry point of package.json "exports"
// (scripts/entries.mjs): api/paysig.api.md for the package root, api/paysig-redis.api.md for
// `paysig/redis`, and so on, all with the settings of api/extractor.base.json. Reads the built
// dist/*.d.ts, so run it after `npm run build` (the npm scripts do).
//
//   node scripts/api-report.mjs          refresh the reports (commit the diff with your change)
//   node scripts/api-report.mjs --check  CI: fail, printing the diff, when a report is stale
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

import { entries, ROOT as root } from './entries.mjs';

const check = process.argv.includes('--check');
// Analyse with the TypeScript the project builds with, not the one API Extractor bundles.
const typescriptCompilerFolder = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));

let failures = 0;
const baseFile = join(root, 'api', 'extractor.base.json');
// Each entry's config extends the base file; it is written under dist/.api/ (a build folder) so
// that API Extractor loads it as it loads any config, defaults and all.
const configDir = join(root, 'dist', '.api');
mkdirSync(configDir, { recursive: true });
for (const entry of entries()) {
  const file = `${entry.name} (${entry.types})`;
  const configFile = join(configDir, `${entry.slug}.extractor.json`);
  const own = {
    extends: baseFile,
    mainEntryPointFilePath: `<projectFolder>/${entry.types}`,
    apiReport: { enabled: true, reportFileName: entry.slug },
  };
  if (entry.subpath !== '.') {
    // A subpath's options and results may be the root's types (paysig/node takes
    // VerifyRequestOptions), which users import from the root; re-exporting them would only
    // duplicate the root report. The report still marks each such reference, so a change shows.
    own.messages = {
      extractorMessageReporting: {
        default: { logLevel: 'warning' },
        'ae-missing-release-tag': { logLevel: 'none' },
        'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        'ae-unresolved-link': { logLevel: 'none' },
      },
    };
  }
  writeFileSync(configFile, `${JSON.stringify(own, null, 2)}\n`);
  const config = ExtractorConfig.loadFileAndPrepare(configFile);
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
  } else console.log(`api: ${what}; report ${result.apiReportChanged ? 'updated, commit it' : 'unchanged'}`);
}
process.exitCode = failures === 0 ? 0 : 1;
