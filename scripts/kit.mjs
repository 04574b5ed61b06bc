#!/usr/bin/env node
// npm run test:kit: the conformance kit end to end, on the built CLI (dist/cli/main.js).
//  1. the Python adapter (standard library): every case passes or is skipped;
//  2. the same adapter deliberately broken (PAYSIG_ADAPTER_BREAK=plus and =sort): the kit must
//     exit 1 and name the cases the break spoils as mismatches;
//  3. one deliberately buggy adapter per bug class (test/fixtures/buggy-adapter.py): each bug is
//     a mismatch naming the term or field, and the serialisation-only adapter has no mismatch;
//  4. the oauth-1.0a adapter (npm peer): its result table (seed 1) is written into
//     docs/conformance.md between the markers (CI then checks the file is unchanged);
//  5. from the packed tarball (npm pack): the CLI finds its own vectors and the Python adapter.
// PAYSIG_PYTHON (set by scripts/provision.mjs) picks the interpreter.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeBetween } from './markers.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const PYTHON = process.env.PAYSIG_PYTHON ?? 'python3';
const q = (s) => JSON.stringify(s);
const PY_ADAPTER = (root) => `${q(PYTHON)} ${q(join(root, 'vectors/adapters/python/adapter.py'))}`;

function kit(main, adapter, env = {}, extra = []) {
  const r = spawnSync(process.execPath, [main, 'conformance', '--adapter', adapter, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 600_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function must(cond, what, r) {
  if (cond) return console.log(`ok: ${what}`);
  console.error(`test:kit FAILED: ${what}\n${r?.out ?? ''}${r?.err ?? ''}`);
  process.exit(1);
}

const MAIN = join(ROOT, 'dist/cli/main.js');
const passed = (r) => r.code === 0 && /^conformance: PASS; /m.test(r.out);

// 1. The Python adapter passes.
const good = kit(MAIN, PY_ADAPTER(ROOT));
must(passed(good), 'the Python adapter passes every case it runs', good);

// 2. The broken adapter fails, naming the spoiled cases.
const BROKEN = {
  plus: ['percent-encoding/space', 'base-string/rfc5849-3-4-1', 'operations/payout'],
  sort: ['base-string/sort-encoded-c-at', 'base-string/sort-non-bmp'],
};
for (const [mode, cases] of Object.entries(BROKEN)) {
  const r = kit(MAIN, PY_ADAPTER(ROOT), { PAYSIG_ADAPTER_BREAK: mode });
  must(r.code === 1, `PAYSIG_ADAPTER_BREAK=${mode}: the kit exits 1`, r);
  for (const id of cases)
    must(r.out.includes(`MISMATCH ${id}: `), `PAYSIG_ADAPTER_BREAK=${mode}: the kit names ${id} a mismatch`, r);
}

// 3. One buggy adapter per bug class: a mismatch naming the term or field; none for serialisation.
const BUGGY = `${q(PYTHON)} ${q(join(ROOT, 'test/fixtures/buggy-adapter.py'))}`;
const BUGS = {
  'double-encode': /first differing parameter: oauth_consumer_key|likely cause \[oauth-double-encoded\]/,
  float: /likely cause \[amount-float\]/,
  'drop-group': /likely cause \[missing-group-id\]/,
  unsent: /field email: expected "[^"]+", not sent/,
};
for (const [bug, named] of Object.entries(BUGS)) {
  const r = kit(MAIN, BUGGY, { PAYSIG_BUG: bug }, ['--seed', '1']);
  must(r.code === 1 && /^MISMATCH /m.test(r.out) && named.test(r.out), `PAYSIG_BUG=${bug}: a mismatch naming it`, r);
}
for (const bug of ['serialise', 'no-version']) {
  const ser = kit(MAIN, BUGGY, { PAYSIG_BUG: bug }, ['--seed', '1']);
  must(
    ser.code === 0 && !/^MISMATCH /m.test(ser.out) && /^TRANSPORT /m.test(ser.out),
    `PAYSIG_BUG=${bug}: transport only, no mismatch, exit 0`,
    ser,
  );
}

// 4. The oauth-1.0a adapter's table, into docs/conformance.md (seed 1: the same table every run).
const PEER = `${q(process.execPath)} ${q(join(ROOT, 'vectors/adapters/oauth-1.0a/adapter.mjs'))}`;
const peer = kit(MAIN, PEER, {}, ['--json', '--seed', '1']);
must(peer.code === 1, 'the oauth-1.0a adapter runs (and fails cases, as expected)', peer);
const report = JSON.parse(peer.out);
const table = [
  '| topic | offered | answered | pass | fail | skip | not run |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...report.topics.map(
    (t) => `| ${t.topic} | ${t.offered} | ${t.answered} | ${t.pass} | ${t.fail} | ${t.skip} | ${t.notRun} |`,
  ),
];
const failures = report.cases
  .filter((c) => c.status === 'fail')
  .map((c) => `- ${c.severity} \`${c.topic}/${c.id}\` (${c.sources.join(', ')}): ${c.reason}`);
writeBetween(
  join(ROOT, 'docs/conformance.md'),
  '<!-- oauth-1.0a table: written by npm run test:kit -->',
  '<!-- end of the oauth-1.0a table -->',
  [...table, '', 'Failing cases:', '', ...failures].join('\n'),
);
console.log('ok: docs/conformance.md table written');

// 5. From the packed tarball.
const tmp = mkdtempSync(join(tmpdir(), 'paysig-kit-'));
try {
  const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: ROOT, encoding: 'utf8' });
  must(pack.status === 0, 'npm pack', { out: pack.stdout, err: pack.stderr });
  const tarball = join(tmp, pack.stdout.trim().split('\n').at(-1));
  must(spawnSync('tar', ['-xzf', tarball, '-C', tmp]).status === 0, 'unpack the tarball');
  const packed = join(tmp, 'package');
  const r = kit(join(packed, 'dist/cli/main.js'), PY_ADAPTER(packed));
  must(passed(r), 'the packed package runs its own vectors with its Python adapter', r);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log('test:kit: all checks passed');
