// The suite as one module for bundling (workerd and the browser): `paysig` by name, the fixtures
// embedded. Exports run(), which resolves to the printed lines, the last being `N passed, M failed`.
import * as lib from 'paysig';
import { vectors, keys } from 'paysig-fixtures';
import { runSuite } from '../../vectors/engine/index.mjs';
import { report } from './report.mjs';

/** @param {'web'|'node'} expectBackend */
export async function run(expectBackend) {
  const result = await runSuite(lib, { vectors, keys, expectBackend });
  const lines = [`backend ${lib.cryptoBackendName()} via bundle`];
  const ok = report(result, (line) => lines.push(line));
  return { ok, lines, passed: result.passed, failed: result.failed };
}
