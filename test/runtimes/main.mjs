// The body of the entries for runtimes with a file system (Node, Deno, Bun): load the fixtures,
// run the suite on the given paysig namespace, print, set the exit code.
import process from 'node:process';
import { runSuite } from '../../vectors/engine/index.mjs';
import { loadFixtures } from './fixtures.mjs';
import { report } from './report.mjs';

/**
 * @param {object} lib - the paysig module namespace, imported by package name by the caller
 * @param {string} resolved - where `paysig` resolved to (import.meta.resolve('paysig'))
 * @param {'node'|'web'} expectBackend
 */
export async function main(lib, resolved, expectBackend) {
  console.log(`backend ${lib.cryptoBackendName()} via ${resolved}`);
  const { vectors, keys } = loadFixtures();
  const result = await runSuite(lib, { vectors, keys, expectBackend });
  const ok = report(result, (line) => console.log(line));
  process.exitCode = ok ? 0 : 1;
}
