// What the generator's topic modules share: the oracle plumbing (every expected value computed
// by the JavaScript reference in tools/vectors/reference/ AND by oracle.py, which must agree), and the
// reference's functions under the names the topic modules use, reading keys by file name.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import * as ref from '../reference/index.mjs';
import { probe } from '../../../scripts/tools.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const VECTORS = join(HERE, '..', '..', '..', 'vectors');
const KEYS = join(VECTORS, 'keys');
// `npm run vectors` sets PAYSIG_PYTHON (scripts/provision.mjs); run alone, the same probe finds one.
export const PYTHON = process.env.PAYSIG_PYTHON ?? probe(['python3']).python3 ?? 'python3';

export const { Refused, FORMULA_TERMS, R, UNRESERVED, minorUnits, formFormat, formParse, oauthPairs } = ref;
export const pe = ref.percentEncode;
export const pd = ref.percentDecode;
export const controlNaive = ref.control;
export const endpointPathId = ref.endpointTerm;
export const baseStringNaive = ref.baseString;
export const hmacNaive = ref.hmacSha1;
export const headerOf = ref.authorizationHeader;

/** The service trims every value: characters up to U+0020 at both ends (Java's String.trim). */
export const serviceTrim = (s) => s.replace(/^[\u0000-\u0020]+/, '').replace(/[\u0000-\u0020]+$/, '');

export const keyPath = (file) => join(KEYS, file);
const readKey = (file) => readFileSync(keyPath(file), 'utf8');

/** The paysig error code a private key file must be refused with, or undefined. */
export function keyCheck(file) {
  try {
    ref.rsaPrivateKey(readKey(file));
    return undefined;
  } catch (e) {
    if (e instanceof Refused) return e.code;
    throw e;
  }
}

/** The reference signer, with `privateKeyFile` (a file of vectors/keys/) for RSA-SHA256; what oracle.py also returns. */
export function oauthSignNaive(c) {
  const { baseString, signature, oauthParams } = ref.signOAuth(
    c.privateKeyFile === undefined ? c : { ...c, privateKey: readKey(c.privateKeyFile) },
  );
  return { baseString, signature, oauthParams };
}

// The oracle plumbing.

export function attempt(fn, input) {
  try {
    return { ok: fn(input) };
  } catch (e) {
    if (e instanceof Refused) return { error: e.code };
    throw e;
  }
}

/**
 * Runs defs through both oracles; `task(d)` names the oracle task, `py(d)` its Python input. Returns
 * the JS answers after checking that Python agrees (key order aside).
 */
export function compute(defs, spec) {
  const tasks = {};
  const where = [];
  defs.forEach((d) => {
    const name = spec.task(d);
    const t = (tasks[name] ??= { fn: spec.fns[name], inputs: [], pyInputs: [] });
    where.push([name, t.inputs.length]);
    t.inputs.push(spec.js ? spec.js(d) : d);
    t.pyInputs.push(spec.py(d));
  });
  const js = {};
  const py = {};
  for (const [task, { fn, inputs, pyInputs }] of Object.entries(tasks)) {
    js[task] = inputs.map((i) => attempt(fn, i));
    py[task] = pyInputs;
  }
  const out = execFileSync(PYTHON, [join(HERE, 'oracle.py')], { input: JSON.stringify(py), maxBuffer: 64 << 20 });
  const answer = JSON.parse(out.toString('utf8'));
  let bad = 0;
  for (const task of Object.keys(tasks)) {
    js[task].forEach((mine, i) => {
      const theirs = answer[task][i];
      if (!isDeepStrictEqual(mine, theirs)) {
        bad++;
        console.error(
          `oracles disagree on ${task}[${i}] ${JSON.stringify(tasks[task].inputs[i])}\n  js: ${JSON.stringify(mine)}\n  py: ${JSON.stringify(theirs)}`,
        );
      }
    });
  }
  if (bad > 0) throw new Error(`${bad} disagreement(s) between the JavaScript and Python oracles`);
  return where.map(([name, i]) => js[name][i]);
}

/** The result of the case with this id. */
export function resultOf(defs, results, id) {
  const i = defs.findIndex((d) => d.id === id);
  if (i < 0) throw new Error(`no case ${id}`);
  return results[i].ok;
}

export function mustEqual(label, got, published) {
  if (got !== published)
    throw new Error(
      `${label}: computed ${JSON.stringify(got)} but the published value is ${JSON.stringify(published)}`,
    );
}

/** Builds the case list: positive ones get `expected`, refused ones `error`. */
export function assemble(defs, results, toExpected) {
  return defs.map((d, i) => {
    const r = results[i];
    const { id, description, source, expectError, tags, ...inputs } = d;
    const tagged = tags !== undefined ? { tags } : {};
    if (expectError !== undefined || r.error !== undefined) {
      if (r.error !== expectError)
        throw new Error(`${id}: oracles say ${JSON.stringify(r)}, case expects error ${expectError}`);
      return { id, description, source, ...tagged, ...inputs, error: r.error };
    }
    return { id, description, source, ...tagged, ...inputs, ...toExpected(r.ok, d) };
  });
}

/** What a topic module's generate() returns: the topic (vectors/<topic>.json), its description and cases. */
export function vectorFile(topic, description, cases) {
  return { topic, description, cases };
}
