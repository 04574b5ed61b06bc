// The package's entry points, read from package.json "exports": the one list that the API
// reports (scripts/api-report.mjs), the docs site (typedoc.config.mjs, scripts/typedoc-site.mjs)
// and the JSR staging (scripts/jsr.mjs) follow. An entry's source is its built file's path with
// dist/ -> src/ and .d.ts -> .ts, so adding an entry point is one line in package.json.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The first `types` path under an export's conditions (any depth), or undefined. */
function typesOf(target) {
  if (target === null || typeof target !== 'object') return undefined;
  if (typeof target.types === 'string') return target.types;
  for (const value of Object.values(target)) {
    const found = typesOf(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Every code entry point: `{ subpath, name, slug, types, source }`, e.g. `./redis`,
 * `paysig/redis`, `paysig-redis`, `dist/stores/redis/index.d.ts`, `src/stores/redis/index.ts`.
 * Exports without types (the vectors, package.json) are not code entries.
 */
export function entries(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const out = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = typesOf(target);
    if (types === undefined) continue;
    const name = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    const source = types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts');
    out.push({ subpath, name, slug: name.replace('/', '-'), types: types.replace(/^\.\//, ''), source });
  }
  return out;
}
