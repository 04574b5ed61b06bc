// Merges the per-folder incremental reports (stryker/parts/*.json, written by
// `STRYKER_FOLDER=<folder> npm run test:mutation`) into stryker/incremental.json, the file a
// full `npm run test:mutation` starts from. Later parts win for the same source or test file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('./parts/', import.meta.url);
const parts = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
let merged;
for (const name of parts) {
  const report = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
  if (merged === undefined) merged = { ...report, files: {}, testFiles: {} };
  Object.assign(merged.files, report.files);
  for (const [file, tests] of Object.entries(report.testFiles ?? {})) {
    const known = merged.testFiles[file];
    if (known === undefined) merged.testFiles[file] = tests;
    else {
      const ids = new Set(known.tests.map((t) => t.id));
      known.tests.push(...tests.tests.filter((t) => !ids.has(t.id)));
    }
  }
}
if (merged === undefined) throw new Error('no parts in stryker/parts/');
writeFileSync(new URL('./incremental.json', import.meta.url), JSON.stringify(merged, null, 2) + '\n');
console.log(`merged ${parts.length} part(s): ${Object.keys(merged.files).length} source files`);
