// Browser entry: runs the suite on page load and leaves the result on window for the runner.
import { run } from './bundle-entry.mjs';

run('web').then(
  (r) => {
    globalThis.__paysigResult = r;
  },
  (e) => {
    globalThis.__paysigResult = {
      ok: false,
      lines: [`suite crashed: ${e?.stack ? e.stack : e}`, '0 passed, 1 failed'],
      passed: 0,
      failed: 1,
    };
  },
);
