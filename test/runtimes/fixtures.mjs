// Loads vectors/*.json and vectors/keys/*.pem with node:fs, for the entries of runtimes that have
// it (Node, Deno, Bun). The browser and workerd bundles embed the same data instead
// (see bundle.mjs).
import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

/** @returns {{ vectors: Record<string, unknown>, keys: Record<string, string> }} */
export function loadFixtures() {
  const vectorsDir = new URL('vectors/', root);
  const keysDir = new URL('vectors/keys/', root);
  const vectors = {};
  for (const f of readdirSync(vectorsDir).sort()) {
    // catalog.json describes the operations and holds no cases
    if (f.endsWith('.json') && f !== 'catalog.json')
      vectors[f.slice(0, -5)] = JSON.parse(readFileSync(new URL(f, vectorsDir), 'utf8'));
  }
  const keys = {};
  for (const f of readdirSync(keysDir).sort()) {
    if (f.endsWith('.pem')) keys[f] = readFileSync(new URL(f, keysDir), 'utf8');
  }
  return { vectors, keys };
}
