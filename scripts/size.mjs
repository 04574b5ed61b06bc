#!/usr/bin/env node
// Bundle sizes: what a browser app pays for one paysig function. Each entry imports only that
// function from the built dist/ (tsc's modules, as a browser bundler resolves `paysig`), and is
// bundled with esbuild (--bundle --minify --format=esm --platform=browser), then gzipped at level 9.
// Prints each entry's size against its goal (issue 30's budgets), then a ledger of every entry with
// a goal: the gzip bytes each part of src/ costs in it (see `ledger`), so the gap to the budget can
// be read part by part.
// Growth gate: exits 1 when an entry is more than 2% over its size in scripts/size-baseline.json
// (or the key-reader checks below fail). When a bundle grows on purpose or shrinks, refresh that
// file with `npm run size -- --update` and commit it on its own, saying why in the message.
//   npm run size                    (builds dist/ first)
//   node scripts/size.mjs [--detail] [--update] [--dist <dir>]   (--detail: every file in the ledger)
import { readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A verifier never reads a private key and a signer never reads a public one: `without` names a
 * text only the other half's DER reader holds (keys/der.js), which that bundle must not contain.
 */
const PRIVATE_READER = { text: 'RSAPrivateKey', what: 'the private-key reader' };
const PUBLIC_READER = { text: 'SubjectPublicKeyInfo', what: 'the public-key reader' };

/**
 * Goals: issue 30's budgets, gzip bytes. The `paysig/hmac` rows are what an HMAC-only signer or
 * verifier pays: no RSA key reader. The root's signOAuth and verifyOAuth (RSA included) have no
 * goal and no ledger; the growth gate covers them too.
 */
// biome-ignore format: a table, one entry per line
export const ENTRIES = [
  { name: 'control', code: "export { control } from './index.js';", goal: 1536, why: 'control' },
  { name: 'signOAuth', code: "export { signOAuth } from './index.js';", goal: null, without: PUBLIC_READER },
  { name: 'hmac signOAuth', code: "export { signOAuth } from './hmac/index.js';", goal: 4096, hmacOnly: true, why: 'hmac' },
  { name: 'verifyOAuth', code: "export { verifyOAuth } from './index.js';", goal: null, without: PRIVATE_READER },
  { name: 'hmac verifyOAuth', code: "export { verifyOAuth } from './hmac/index.js';", goal: 6144, hmacOnly: true, why: 'hmac' },
  { name: 'verifyRequest', code: "export { verifyRequest } from './index.js';", goal: 12288, without: PRIVATE_READER, why: 'verifyRequest' },
  { name: 'everything', code: "export * from './index.js';", goal: 20480, why: 'everything' },
];

/**
 * Why what remains over a budget stays, printed under the entry's ledger (the figures it names are
 * the ledger's and the prose line's, measured on each run).
 */
export const WHY = {
  control:
    "all of it is on the digest's path: ten formulas (six of the specification, four of the public docs), exact amounts in minor units (the currency's exponent, the int64 bound), endpoint ids as strings, numbers or bigints, typed errors, SHA-1 through WebCrypto. Without its messages it is still over: the budget would need checks or formulas taken out, and a check taken out signs a wrong request without a word.",
  hmac: "all of it is on the call's path (no RSA key reader, no catalog): the scheme, RFC 3986 encoding with its fast path for long values, base64, the HMAC through WebCrypto with a cached key. Its messages are what put it over the budget. They stay: each refusal says what to do in one line (the project's rule for every refusal), where a code and a link would send a merchant to a web page for a mistake the message names.",
  verifyRequest:
    'verifyRequest verifies RSA-SHA256 too, so it carries the RSA public-key reader (keys) even on an HMAC-only server, and finding the operation (catalog: paths, field rules, which formula each signs), Content-Type and Accept is its job. Not a budget a whole verifier fits in: an HMAC-only verifier without operation lookup is verifyOAuth from paysig/hmac, budgeted above.',
  everything:
    'every export at once: diagnose and its hints, the catalog with its prose, both schemes, both key readers, the stores, the verifier. No single call needs it; a bundler that tree-shakes keeps what an app imports, which the other entries measure.',
};

/** A run of four or more space-separated words that names no JavaScript keyword: message prose in minified code. */
const PROSE = /(?:[A-Za-z0-9'(),.:;/-]+ ){3,}[A-Za-z0-9'(),.:;/-]+/g;
const KEYWORD = /\b(?:return|typeof|instanceof|let|const|var|throw|await|async|function)\b/;

/**
 * Minified code without the prose of its messages (runs of four or more words in its strings;
 * minified code has no spaces elsewhere, but between some keywords, which are kept): the size a
 * bundle would have if every message were a bare code.
 */
export function withoutProse(code) {
  return code.replace(PROSE, (run) => (KEYWORD.test(run) ? run : ''));
}

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const BASELINE = fileURLToPath(new URL('./size-baseline.json', import.meta.url));

/** The entries more than 2% over their baseline, or with none (`undefined * 1.02` is NaN). */
export const overBaseline = (sizes, baseline) => sizes.filter((s) => !(s.gzip <= Math.floor(baseline[s.name] * 1.02)));

/**
 * The ledger of one bundle: what each source file costs, as the gzip size of the bundle minus that
 * of the bundle without the characters esbuild's source map gives to the file (through dist/'s
 * maps, back to src/), summed per part (a src/ folder; schemes/ one level deeper). The last row,
 * shared, is what no single file accounts for (gzip's matches across files): the rows add up.
 */
function ledger(code, map, gzip) {
  const sm = new SourceMap(JSON.parse(map));
  const owner = [];
  let [line, col] = [0, 0];
  for (let i = 0; i < code.length; i++) {
    owner.push(code[i] === '\n' ? owner[i - 1] : (sm.findEntry(line, col).originalSource ?? '(esbuild)'));
    [line, col] = code[i] === '\n' ? [line + 1, 0] : [line, col + 1];
  }
  const parts = new Map();
  for (const source of new Set(owner)) {
    let rest = '';
    for (let i = 0; i < code.length; i++) if (owner[i] !== source) rest += code[i];
    const path = source.replace(/^(.*\/)?src\/|\.ts$/g, '').split('/');
    const at = path.length > 2 && path[0] === 'schemes' ? 2 : Math.min(1, path.length - 1);
    const key = path.slice(0, at).join('/') || 'index';
    const part = parts.get(key) ?? parts.set(key, { gzip: 0, files: [] }).get(key);
    const cost = gzip - gz(rest);
    part.gzip += cost;
    part.files.push([path.slice(at).join('/'), cost]);
  }
  const rows = [...parts].sort((a, b) => b[1].gzip - a[1].gzip);
  return [...rows, ['shared', { gzip: gzip - rows.reduce((n, [, p]) => n + p.gzip, 0), files: [] }]];
}

const gz = (text) => gzipSync(text, { level: 9 }).length;
const n = (x) => x.toLocaleString('en-US');

/** Minified and gzip sizes of each entry, with the ledger of each entry that has a goal. */
export async function bundleSizes({ dist = DIST, detail = false, log = console.log, baseline = {} } = {}) {
  const out = [];
  log('bundle sizes (esbuild --bundle --minify --format=esm --platform=browser, gzip -9)');
  log(`  ${'entry'.padEnd(16)} ${'minified'.padStart(9)} ${'gzip'.padStart(8)}  baseline (CI +2%)  goal`);
  for (const e of ENTRIES) {
    const result = await build({
      stdin: { contents: e.code, resolveDir: dist, loader: 'js', sourcefile: 'entry.js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      metafile: true,
      sourcemap: 'external', // no comment in the bundle: its size is unchanged
      outfile: 'entry.js',
    });
    const [map, js] = result.outputFiles;
    const gzip = gz(js.contents);
    const rec = {
      name: e.name,
      minified: js.contents.length,
      gzip,
      goal: e.goal,
      // An HMAC-only entry must carry none of the RSA key reader (keys/rules.js's size bound, a
      // constant the protocol checks share, and keys/list.js, the key lists of rotation, are allowed).
      keyReader: Object.entries(Object.values(result.metafile.outputs)[0].inputs)
        .filter(([f, v]) => /dist\/keys\/(?!rules\.js|list\.js)/.test(f) && v.bytesInOutput > 0)
        .map(([f]) => f.replace(/^.*dist\//, 'dist/')),
      // The other half's key reader, when the entry must not carry it (see PRIVATE_READER).
      otherHalf: e.without !== undefined && js.text.includes(e.without.text) ? e.without.what : null,
      ledger: e.goal === null ? null : ledger(js.text, map.text, gzip),
      withoutProse: gz(withoutProse(js.text)),
      why: e.why === undefined ? null : WHY[e.why],
    };
    out.push(rec);
    const [b, g] = [baseline[e.name], e.goal];
    const base = b === undefined ? 'none' : `${n(b)} B ${gzip > b ? '+' : ''}${((100 * (gzip - b)) / b).toFixed(1)}%`;
    const goal = g === null ? '(none: RSA included)' : `${n(g)} B ${gzip <= g ? 'met' : `missed by ${n(gzip - g)} B`}`;
    log(
      `  ${e.name.padEnd(16)} ${n(rec.minified).padStart(7)} B ${n(gzip).padStart(6)} B  ${base.padEnd(18)}  ${goal}`,
    );
  }
  log('\nledger: the gzip bytes each part costs (what the bundle saves without it), its costliest files');
  for (const { name, gzip, goal, ledger, withoutProse: bare, why } of out.filter((r) => r.ledger !== null)) {
    log(`\n  ${name}: ${n(gzip)} B, budget ${n(goal)} B: ${gzip > goal ? `${n(gzip - goal)} B to cut` : 'met'}`);
    for (const [part, { gzip: cost, files }] of ledger) {
      const shown = files.sort((a, b) => b[1] - a[1]).slice(0, detail ? undefined : 3);
      const more = files.length > shown.length ? `, ${files.length - shown.length} more` : '';
      const list = part === 'shared' ? '(matches across files)' : shown.map(([f, c]) => `${f} ${n(c)}`).join(', ');
      const share = `${Math.round((100 * cost) / gzip)}%`.padStart(4);
      log(`    ${part.padEnd(16)} ${n(cost).padStart(6)} B ${share}  ${list}${more}`);
    }
    const fits = bare <= goal ? 'within the budget' : `still over by ${n(bare - goal)} B`;
    log(`    its messages' prose, across the parts above: ${n(gzip - bare)} B; without it ${n(bare)} B, ${fits}`);
    if (gzip > goal && why !== null) log(`    why it stays: ${why}`);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dist');
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
  const dist = at >= 0 ? { dist: args[at + 1] } : {};
  const sizes = await bundleSizes({ detail: args.includes('--detail'), baseline, ...dist });
  if (args.includes('--update')) {
    writeFileSync(BASELINE, `${JSON.stringify(Object.fromEntries(sizes.map((s) => [s.name, s.gzip])), null, 2)}\n`);
    console.log('size: wrote scripts/size-baseline.json: commit it on its own, saying why the sizes moved');
  }
  const problems = [
    ...sizes
      .filter((s) => ENTRIES.find((e) => e.name === s.name).hmacOnly && s.keyReader.length > 0)
      .map((s) => `the HMAC-only ${s.name} bundle carries the RSA key reader: ${s.keyReader.join(', ')}`),
    ...sizes.filter((s) => s.otherHalf !== null).map((s) => `the ${s.name} bundle carries ${s.otherHalf}, never used`),
    ...(args.includes('--update') ? [] : overBaseline(sizes, baseline)).map(
      (s) =>
        `${s.name} is ${s.gzip} B, more than 2% over its baseline (${baseline[s.name] ?? 'none'}, scripts/size-baseline.json)`,
    ),
  ];
  for (const p of problems) console.error(`size: ${p}`);
  if (problems.some((p) => p.includes('size-baseline')))
    console.error('size: if the growth is wanted, `npm run size -- --update`, and commit the baseline saying why');
  if (problems.length > 0) process.exit(1);
}
