// `npm run test:runtimes`: the Node leg of the conformance suite on Node 22 and 24 (binaries from
// the separate npm project test/node-versions, installed with `npm ci --prefix test/node-versions`
// when missing). Needs a built dist/. Last line: the total `N passed, M failed`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, nodeLeg, finish } from './legs.mjs';
import { run } from './process.mjs';

const dir = join(ROOT, 'test', 'node-versions');
const bins = [
  ['node22', join(dir, 'node_modules', 'node22', 'bin', 'node')],
  ['node24', join(dir, 'node_modules', 'node24', 'bin', 'node')],
];

if (!existsSync(join(ROOT, 'dist', 'crypto', 'node.js'))) {
  console.log('node-versions: dist/ is not built; run `npm run build` first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!existsSync(join(dir, 'node_modules')) || bins.some(([, b]) => !existsSync(b))) {
  console.log('node-versions: npm ci --prefix test/node-versions');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = await run(npm, ['ci', '--prefix', dir, '--no-audit', '--no-fund'], {
    cwd: ROOT,
    timeoutMs: 10 * 60_000,
    echo: true,
  });
  if (r.code !== 0) {
    console.log(`node-versions: npm ci failed (${r.timedOut ? 'timed out' : `exit ${r.code}`})`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const results = [];
for (const [name, bin] of bins) {
  const r = await nodeLeg(bin, name);
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed${r.problem ? ` (${r.problem})` : ''}`,
  );
  results.push(r);
}
process.exitCode = finish(results) ? 0 : 1;
