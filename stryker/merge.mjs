// Merges the per-folder incremental reports (stryker/parts/*.json, written by
// `STRYKER_FOLDER=<folder> npm run test:mutation`) into stryker/incremental.json, the file a
// full `npm run test:mutation` starts from, and prints the score per folder.
//
// Each part numbers its tests itself, so test ids are remapped through (test file, test name)
// before the mutants' coveredBy/killedBy lists are merged.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('./parts/', import.meta.url);
const parts = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
if (parts.length === 0) throw new Error('no parts in stryker/parts/');

const merged = { files: {}, testFiles: {} };
const idByKey = new Map();
let nextId = 0;
for (const name of parts) {
  const report = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
  merged.schemaVersion = report.schemaVersion;
  merged.thresholds = report.thresholds;
  merged.projectRoot = report.projectRoot;
  const remap = new Map();
  for (const [file, tf] of Object.entries(report.testFiles ?? {})) {
    const out = merged.testFiles[file] ?? { ...tf, tests: [] };
    merged.testFiles[file] = out;
    for (const t of tf.tests) {
      const key = `${file}\u0000${t.name}`;
      let id = idByKey.get(key);
      if (id === undefined) {
        id = String(nextId++);
        idByKey.set(key, id);
        out.tests.push({ ...t, id });
      }
      remap.set(t.id, id);
    }
    out.source = tf.source;
  }
  const map = (ids) => ids?.map((id) => remap.get(id) ?? id);
  for (const [file, fr] of Object.entries(report.files)) {
    merged.files[file] = {
      ...fr,
      mutants: fr.mutants.map((m) => ({
        ...m,
        ...(m.coveredBy ? { coveredBy: map(m.coveredBy) } : {}),
        ...(m.killedBy ? { killedBy: map(m.killedBy) } : {}),
      })),
    };
  }
}
writeFileSync(new URL('./incremental.json', import.meta.url), `${JSON.stringify(merged)}\n`);

// Score per folder: killed + timeout over all valid mutants (Stryker's "mutation score").
const byFolder = new Map();
for (const [file, fr] of Object.entries(merged.files)) {
  const folder = file.split('/').slice(0, 2).join('/');
  const s = byFolder.get(folder) ?? { detected: 0, valid: 0, survived: 0, noCoverage: 0 };
  for (const m of fr.mutants) {
    if (m.status === 'CompileError' || m.status === 'RuntimeError' || m.status === 'Ignored') continue;
    s.valid++;
    if (m.status === 'Killed' || m.status === 'Timeout') s.detected++;
    if (m.status === 'Survived') s.survived++;
    if (m.status === 'NoCoverage') s.noCoverage++;
  }
  byFolder.set(folder, s);
}
let det = 0;
let val = 0;
for (const [folder, s] of [...byFolder].sort()) {
  det += s.detected;
  val += s.valid;
  console.log(
    `${folder.padEnd(20)} ${((100 * s.detected) / s.valid).toFixed(2).padStart(6)} %  (${s.detected}/${s.valid}; survived ${s.survived}, no coverage ${s.noCoverage})`,
  );
}
console.log(
  `${'all'.padEnd(20)} ${((100 * det) / val).toFixed(2).padStart(6)} %  (${det}/${val}) from ${parts.length} part(s)`,
);
