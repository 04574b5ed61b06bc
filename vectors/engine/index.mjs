// paysig vector engine: one body of checks that runs unchanged on every runtime (Node, Deno, Bun,
// workerd, Chromium, the npm-packed package) and under vitest on src/. Plain ESM JavaScript that
// uses only the library it is given and Web-platform globals (Request, URL, TextEncoder,
// crypto.subtle): no Node APIs, no file system, no network. Callers load the vectors and keys
// their own way.
//
//   const { passed, failed, failures, skipped, notes } =
//     await runSuite(lib, { vectors, keys, expectBackend, internals, log });
//
// `lib` is the module namespace of paysig; `vectors` maps a topic (vectors/<topic>.json without
// `.json`) to its parsed JSON; `keys` maps a file name of vectors/keys/*.pem to its text;
// `expectBackend` is 'node' or 'web'; `internals` (optional) gives direct access to the crypto
// backend where the public API cannot reach (see hmac-sha1.mjs, rsa-sha256.mjs).
//
// One module per vector topic beside this file: `export const topic`, `export async function
// check(lib, c, ctx)` for one case (throws on a mismatch, returns 'skip' when it cannot run), and
// optionally `export const fileChecks = [[name, async (lib, cases, ctx) => {}]]`. Checks that need
// no vector file are in builtin/. A vector file without a topic module, or a topic module without
// its file, is a failure, never skipped silently.
import * as percentEncoding from './percent-encoding.mjs';
import * as form from './form.mjs';
import * as control from './control.mjs';
import * as baseString from './base-string.mjs';
import * as hmacSha1 from './hmac-sha1.mjs';
import * as rsaSha256 from './rsa-sha256.mjs';
import * as oauthSign from './oauth-sign.mjs';
import * as oauthVerifyNegative from './oauth-verify-negative.mjs';
import * as operations from './operations.mjs';
import * as callbacks from './callbacks.mjs';
import * as keysNegative from './keys-negative.mjs';
import { checks as anchors } from './builtin/anchors.mjs';
import { checks as controlRoundTrips } from './builtin/control.mjs';
import { checks as oauthRoundTrips } from './builtin/oauth.mjs';
import { checks as operationRoundTrips } from './builtin/operations.mjs';
import { CheckError, describeError, fail } from './assert.mjs';

const TOPICS = Object.fromEntries(
  [
    percentEncoding,
    form,
    control,
    baseString,
    hmacSha1,
    rsaSha256,
    oauthSign,
    oauthVerifyNegative,
    operations,
    callbacks,
    keysNegative,
  ].map((m) => [m.topic, m]),
);
const BUILTIN = [...anchors, ...controlRoundTrips, ...oauthRoundTrips, ...operationRoundTrips];

/** Topics the engine knows how to run: the kit's KNOWN_TOPICS too (test/vector-topics.test.ts). */
export const KNOWN_TOPICS = Object.freeze(Object.keys(TOPICS));

/**
 * Every check, in order: `{ id, group, run(lib, ctx) }`. `group` is 'builtin' or the topic.
 * @param {Record<string, any>} vectors
 */
export function listChecks(vectors) {
  const out = BUILTIN.map(([id, fn]) => ({ id, group: 'builtin', run: (lib, ctx) => fn(lib, ctx) }));
  const names = [...new Set([...Object.keys(vectors), ...KNOWN_TOPICS])].sort();
  for (const topic of names) {
    const file = vectors[topic];
    const mod = TOPICS[topic];
    const whole = `vectors/${topic}.json`;
    if (mod === undefined) {
      out.push({ id: whole, group: topic, run: () => fail('no topic module in vectors/engine/ for this vector file') });
    } else if (file === undefined) {
      out.push({
        id: whole,
        group: topic,
        run: () => fail('the engine has a topic module for this file, but the file was not given'),
      });
    } else if (!Array.isArray(file.cases) || file.cases.length === 0) {
      out.push({ id: whole, group: topic, run: () => fail('file has no non-empty "cases" array') });
    } else {
      for (const [name, fn] of mod.fileChecks ?? [])
        out.push({ id: `${topic}: ${name}`, group: topic, run: (lib, ctx) => fn(lib, file.cases, ctx) });
      for (const c of file.cases)
        out.push({ id: `${topic}/${c.id}`, group: topic, run: (lib, ctx) => mod.check(lib, c, ctx) });
    }
  }
  return out;
}

/**
 * The state checks share (keys, the expected backend, memos across cases, notes).
 * @param {{ keys?: Record<string, string>, expectBackend: 'node'|'web', internals?: object, log?: (line: string) => void }} o
 */
export function createContext({ keys = {}, expectBackend, internals, log = () => {} }) {
  const notes = [];
  return {
    keys,
    expectBackend,
    internals,
    memo: new Map(),
    notes,
    note: (s) => {
      notes.push(s);
      log(`note: ${s}`);
    },
  };
}

/** A failure's message: a CheckError's own, anything else as "threw ...". */
export function failureMessage(e) {
  return e instanceof CheckError ? e.message : `threw ${describeError(e)}`;
}

/**
 * Runs every check. Never throws for a failed check; returns the tally.
 * @param {object} lib - the paysig module namespace
 * @param {{ vectors?: Record<string, any>, keys?: Record<string, string>, expectBackend: 'node'|'web', internals?: object, log?: (line: string) => void }} options
 * @returns {Promise<{ passed: number, failed: number, failures: Array<{ id: string, message: string }>, skipped: string[], notes: string[] }>}
 */
export async function runSuite(lib, { vectors = {}, keys = {}, expectBackend, internals, log = () => {} } = {}) {
  const ctx = createContext({ keys, expectBackend, internals, log });
  const failures = [];
  const skipped = [];
  let passed = 0;
  for (const { id, run } of listChecks(vectors)) {
    try {
      if ((await run(lib, ctx)) === 'skip') skipped.push(id);
      else passed++;
    } catch (e) {
      const message = failureMessage(e);
      failures.push({ id, message });
      log(`FAIL ${id}: ${message}`);
    }
  }
  return { passed, failed: failures.length, failures, skipped, notes: ctx.notes };
}
