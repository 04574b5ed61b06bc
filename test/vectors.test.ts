// The vector engine (vectors/engine/) run on paysig's source, one vitest test per check: every
// golden vector of vectors/*.json plus the engine's built-in anchors and round trips. Both vitest
// projects run this file, so every check runs on the WebCrypto and the node:crypto backend. The
// runtime legs (test/runtimes/) run the same engine on the built package.
import { describe, it } from 'vitest';
import * as lib from '../src/index.js';
import * as backend from '#crypto';
import { fromBase64, toBase64 } from '../src/encoding/base64.js';
import { importPublicKey } from '../src/keys/import.js';
import { createContext, listChecks, type EngineContext, type EngineInternals } from '../vectors/engine/index.mjs';
import { loadFixtures } from './runtimes/fixtures.mjs';

const { vectors, keys } = loadFixtures();

/** What the public API cannot reach: HMAC-SHA1 of any base string, RSA verification of the vector's signature. */
const internals: EngineInternals = {
  hmacSha1: async (key, data) => toBase64(await backend.hmacSha1(key, data)),
  rsaSha256Verify: async (publicKeyPem, signature, data) =>
    backend.rsaSha256Verify(await importPublicKey(publicKeyPem), fromBase64(signature), data),
};

const checks = listChecks(vectors);
let ctx: EngineContext | undefined;

for (const group of new Set(checks.map((c) => c.group))) {
  describe(`vectors: ${group}`, () => {
    for (const check of checks.filter((c) => c.group === group)) {
      it(check.id, async ({ task, skip }) => {
        // The vitest project is named after the backend its #crypto alias points at ('web' or 'node').
        ctx ??= createContext({ keys, expectBackend: task.file.projectName === 'node' ? 'node' : 'web', internals });
        if ((await check.run(lib, ctx)) === 'skip') skip();
      });
    }
  });
}
