#!/usr/bin/env node
// Golden-vector generator for paysig (`npm run vectors`).
//
// It defines the INPUTS of every case and computes every expected value twice, with two
// implementations neither of which is paysig:
//   1. the plain JavaScript reference in tools/vectors/reference/ (node:crypto, percent-encoding by
//      encodeURIComponent plus fix-ups, strict byte-by-byte decoding, the formula table written
//      again, URL normalisation by regex, ...);
//   2. tools/vectors/generate/oracle.py: Python's standard library, oauthlib 3.2 and the openssl CLI.
// It stops with an error when they disagree, and when a value printed in a published document
// (RFC 5849, OAuth Core 1.0, the service's public documentation) is not reproduced. Then it
// writes vectors/<topic>.json: 2-space JSON, keys in a fixed order, trailing newline, so that two
// runs give byte-identical files.
//
// One module per topic in topics/, named after it; the list of topics is the vector engine's
// (KNOWN_TOPICS of vectors/engine/index.mjs, which checks every file). The interface of a topic
// module is one function:
//
//   export async function generate(): Promise<{ topic, description, cases }>
//
// built with `vectorFile(topic, description, cases)` from support.mjs. `topic` names the file
// (vectors/<topic>.json, schema vectors/schema/<topic>.schema.json), `description` is the file's
// description, `cases` the cases in file order, each `{ id, description, source, ...inputs }`
// followed by its expected values or `error`. A module computes its values with compute() (both
// oracles) and checks published values with mustEqual(); it writes nothing itself: this driver
// checks the ids (kebab-case, unique) and writes the file. support.mjs holds the oracle plumbing,
// requests.mjs the requests several topics share. To add a topic, add its module to topics/ and its
// checks to vectors/engine/ (its row to src/cli/conformance/topics.ts: test/vector-topics.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { VECTORS } from './support.mjs';
import { KNOWN_TOPICS } from '../../../vectors/engine/index.mjs';

/** The format version of every vector file (`format` at the top); 2: `source` holds fact ids of SOURCES.md. */
const FORMAT = 2;

/** The fact ids of vectors/SOURCES.md: the first cell of every table row that starts with an id. */
const FACTS = new Set(
  [...readFileSync(join(VECTORS, 'SOURCES.md'), 'utf8').matchAll(/^\| ([SDKRP]-[A-Z0-9.-]+) \|/gm)].map((m) => m[1]),
);

function writeTopic({ topic, description, cases }) {
  const ids = new Set();
  for (const c of cases) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id)) throw new Error(`${topic}: id ${c.id} is not kebab-case`);
    if (ids.has(c.id)) throw new Error(`${topic}: duplicate id ${c.id}`);
    ids.add(c.id);
    for (const f of String(c.source).split('; '))
      if (!FACTS.has(f)) throw new Error(`${topic}: ${c.id} cites ${JSON.stringify(f)}, not a fact id of SOURCES.md`);
  }
  const doc = { $schema: `./schema/${topic}.schema.json`, format: FORMAT, description, cases };
  writeFileSync(join(VECTORS, `${topic}.json`), pretty(doc, '') + '\n');
  console.log(`${relative(process.cwd(), join(VECTORS, topic + '.json'))}: ${cases.length} cases`);
}

/** JSON with 2-space indentation; arrays of strings and numbers (parameter pairs) stay on one line. */
function pretty(v, indent) {
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every((x) => x === null || typeof x !== 'object')) return '[' + v.map((x) => scalar(x)).join(', ') + ']';
    const inner = indent + '  ';
    return '[\n' + v.map((x) => inner + pretty(x, inner)).join(',\n') + '\n' + indent + ']';
  }
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined);
    if (keys.length === 0) return '{}';
    const inner = indent + '  ';
    return '{\n' + keys.map((k) => inner + scalar(k) + ': ' + pretty(v[k], inner)).join(',\n') + '\n' + indent + '}';
  }
  return scalar(v);
}

function scalar(v) {
  // non-ASCII as \u escapes, so every file is pure ASCII whatever an editor does
  return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
}

// The topics are the vector engine's (vectors/engine/index.mjs), in its order: one module each here.
for (const topic of KNOWN_TOPICS) writeTopic(await (await import(`./topics/${topic}.mjs`)).generate());
