// Scores Stryker's JSON reports with and without the known-equivalent mutants of
// stryker/equivalents.json, and fails (exit 1) on a survivor the list does not name, on an entry
// that no longer matches a mutant of the code, and on a report made from other code than src/.
//
//   npm run test:mutation:check                          every report in reports/mutation/
//   node stryker/check.mjs reports/mutation/keys.json    only these reports
//
// A file that appears in several reports (a full run and a part, say) is taken from the newest.
// Entries whose file is in no report are counted as not checked, not as stale.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchReports, readList, scores } from './equivalents.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'reports/mutation');

let paths = process.argv.slice(2);
if (paths.length === 0) {
  if (!existsSync(dir))
    fail('no reports in reports/mutation/: run `npm run test:mutation` or `node stryker/parts.mjs` first');
  paths = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
}
paths.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);

const files = {};
const from = {};
const problems = [];
for (const path of paths) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const [file, result] of Object.entries(report.files ?? {})) {
    files[file] = result;
    from[file] = relative(root, path);
  }
}
if (Object.keys(files).length === 0) fail(`no mutated files in ${paths.join(', ')}`);
for (const [file, result] of Object.entries(files)) {
  const current = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined;
  if (current !== result.source) problems.push(`${from[file]} was made from other code than ${file}: run it again`);
}

const result = matchReports(files, readList());
problems.push(...result.problems);

const rows = [...result.folders].sort(([a], [b]) => (a < b ? -1 : 1));
const total = { valid: 0, detected: 0, equivalent: 0, survived: 0 };
const pct = (n) => `${n.toFixed(2)} %`;
const WIDTHS = [6, 9, 7, 6, 9, 10];
const line = (first, ...cells) =>
  console.log([first.padEnd(22), ...cells.map((c, i) => String(c).padStart(WIDTHS[i]))].join(' '));
line('folder', 'valid', 'detected', 'equiv.', 'other', 'score', 'w/o equiv.');
for (const [folder, s] of [...rows, ['all', total]]) {
  if (folder !== 'all') for (const k of Object.keys(total)) total[k] += s[k];
  const { withEquivalents, withoutEquivalents } = scores(s);
  line(folder, s.valid, s.detected, s.equivalent, s.survived, pct(withEquivalents), pct(withoutEquivalents));
}
console.log(
  "\nscore: detected / valid mutants (Stryker's score, the listed equivalents counted as survivors);" +
    '\nw/o equiv.: detected / (valid - listed equivalents); other: survivors the list does not name.',
);
if (result.unchecked.length > 0)
  console.log(`${result.unchecked.length} entries not checked: their files are in no report read.`);

for (const s of result.survivors) {
  problems.push(
    `survivor not in stryker/equivalents.json: ${s.file}:${s.line}:${s.column} ${s.mutator} \`${s.original}\` -> \`${s.replacement}\` (${s.status})`,
  );
}
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`- ${p}`);
  console.error(
    '\nKill each survivor with a test; only a mutant no input can tell apart goes into the list, with its reason.',
  );
  process.exit(1);
}
console.log(`\nOK: ${result.equivalent.size} listed equivalents matched, no other survivor.`);

function fail(message) {
  console.error(message);
  process.exit(1);
}
