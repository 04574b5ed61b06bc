// `npm run test:conformance`: the conformance suite on Node, Deno, Bun and workerd (without and
// with nodejs_compat), one leg after the other; then Node, Deno and Bun again on the package as
// `npm pack` makes it, installed in a consumer project; then the suite's self-check (it must catch
// deliberately broken copies of paysig). Needs a built dist/ (`npm run build`; `npm test` builds
// first). Prints a table and, as the last line, the total `N passed, M failed`; exits non-zero
// when any leg fails or runs 0 tests. `node test/runtimes/run-all.mjs deno bun` runs some legs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, nodeLeg, denoLeg, bunLeg, workerdLeg, packedLegs, selfCheckLeg, finish } from './legs.mjs';

const TOTAL_TIMEOUT_MS = 12 * 60_000;
const watchdog = setTimeout(() => {
  console.log('conformance: overall time limit reached');
  console.log('0 passed, 1 failed');
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

if (!['index.js', 'crypto/node.js', 'crypto/web.js'].every((f) => existsSync(join(ROOT, 'dist', f)))) {
  console.log('conformance: dist/ is not built; run `npm run build` first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const legs = [
  ['node', () => nodeLeg()],
  ['deno', () => denoLeg()],
  ['bun', () => bunLeg()],
  ['workerd', () => workerdLeg([])],
  ['workerd nodejs_compat', () => workerdLeg(['nodejs_compat'])],
  ['pack', () => packedLegs()],
  ['self-check', () => selfCheckLeg()],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, leg] of legs) {
  if (only.length > 0 && !only.includes(name.split(' ')[0])) continue;
  for (const r of [await leg()].flat()) {
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed${r.problem ? ` (${r.problem})` : ''}`,
    );
    results.push(r);
  }
}
const ok = finish(results);
process.exitCode = ok ? 0 : 1;
