// Writes vectors/catalog.json: the operation catalog as JSON data, from the built package
// (dist/catalog/describe.js). Run by `npm run vectors` after the build and before the
// generator, which reads the file. src/catalog/json.test.ts checks that the committed
// file matches the TypeScript catalog.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
const DESCRIBE = join(ROOT, 'dist', 'catalog', 'describe.js');
if (!existsSync(DESCRIBE)) throw new Error('dist/catalog/describe.js is missing: run `npm run build` first');
const { describeCatalog } = await import(pathToFileURL(DESCRIBE).href);

/** JSON with 2-space indentation, arrays of scalars on one line, non-ASCII as \u escapes. */
function format(v, indent = '') {
  const scalar = (x) =>
    JSON.stringify(x).replace(/[\u007f-\uffff]/g, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every((x) => x === null || typeof x !== 'object')) return '[' + v.map(scalar).join(', ') + ']';
    return '[\n' + v.map((x) => inner + format(x, inner)).join(',\n') + '\n' + indent + ']';
  }
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined);
    if (keys.length === 0) return '{}';
    return '{\n' + keys.map((k) => inner + scalar(k) + ': ' + format(v[k], inner)).join(',\n') + '\n' + indent + '}';
  }
  return scalar(v);
}

const doc = describeCatalog();
writeFileSync(join(ROOT, 'vectors', 'catalog.json'), format(doc) + '\n');
console.log(`vectors/catalog.json: ${doc.operations.length} operations`);
