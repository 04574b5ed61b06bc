// The parts that together score all of src/ (the CLI aside), run one after another:
//   node stryker/parts.mjs                 every part, then `node stryker/merge.mjs`
//   node stryker/parts.mjs keys oauth-verify   only these parts
// Each part has its own incremental file (stryker/parts/<name>.json), so a rerun tests again only
// the mutants whose code or covering tests changed. See docs/mutation.md.
import { spawnSync } from 'node:child_process';

/** name -> the files it mutates, and the crypto backend its tests run on. */
export const PARTS = {
  encoding: { files: 'src/encoding/**/*.ts' },
  control: { files: 'src/control/**/*.ts' },
  'oauth-parse': {
    files: 'src/oauth/header.ts,src/oauth/url.ts,src/oauth/base-string.ts,src/oauth/limits.ts,src/oauth/body.ts',
  },
  'oauth-sign': { files: 'src/oauth/sign.ts' },
  'oauth-verify': { files: 'src/oauth/verify.ts,src/oauth/nonce.ts,src/oauth/nonce-key.ts' },
  keys: { files: 'src/keys/**/*.ts' },
  crypto: { files: 'src/crypto/node.ts,src/crypto/name.ts,src/crypto/key-like.ts,src/crypto/promise-cache.ts' },
  'crypto-web': { files: 'src/crypto/web.ts', backend: 'web' },
  operations: { files: 'src/operations/**/*.ts' },
  node: { files: 'src/node/**/*.ts,src/node.ts' },
  redis: { files: 'src/redis/**/*.ts,src/redis.ts' },
  errors: { files: 'src/errors/**/*.ts,src/errors.ts,src/error-handling.ts' },
};

const names = process.argv.slice(2);
for (const name of names)
  if (!(name in PARTS)) throw new Error(`no part "${name}"; parts: ${Object.keys(PARTS).join(', ')}`);
for (const name of names.length > 0 ? names : Object.keys(PARTS)) {
  const { files, backend = 'node' } = PARTS[name];
  console.log(`== ${name} (${files}, ${backend} backend)`);
  const env = { ...process.env, STRYKER_FILES: files, STRYKER_PART: name, STRYKER_BACKEND: backend };
  const run = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
spawnSync(process.execPath, [new URL('./merge.mjs', import.meta.url).pathname], { stdio: 'inherit' });
