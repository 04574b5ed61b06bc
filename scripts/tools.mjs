// Finds the system tools the tests need, by name on PATH (never at a fixed location, except the
// one fallback probe for a Python that has oauthlib). Used by scripts/provision.mjs and by the
// scripts that may run on their own (test/runtimes/browser.mjs).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** True when `path` is an executable file. */
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first executable called `name` in the directories of PATH, or undefined. */
export function findOnPath(name, env = process.env) {
  if (isAbsolute(name)) return executable(name) ? name : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const path = join(dir, name);
    if (executable(path)) return path;
  }
  return undefined;
}

/** True when this Python interpreter can import oauthlib. */
function hasOauthlib(python) {
  const r = spawnSync(python, ['-c', 'import oauthlib'], { stdio: 'ignore', timeout: 20_000 });
  return r.status === 0;
}

// A pyenv or venv python3 first on PATH may lack oauthlib while the system one (where
// `apt-get install python3-oauthlib` puts it) has it: that one is probed last.
const SYSTEM_PYTHON = '/usr/bin/python3';

/** Resolves each wanted tool to a path, or undefined. An env var naming a path wins. */
export function probe(wanted, env = process.env) {
  const found = {};
  for (const name of wanted) {
    if (name === 'python3') {
      const candidates = [env.PAYSIG_PYTHON, findOnPath('python3', env), SYSTEM_PYTHON].filter(Boolean);
      found[name] = candidates.map((c) => findOnPath(c, env)).find((p) => p !== undefined && hasOauthlib(p));
    } else if (name === 'redis-server') {
      found[name] =
        (env.PAYSIG_REDIS_SERVER && findOnPath(env.PAYSIG_REDIS_SERVER, env)) || findOnPath('redis-server', env);
    } else if (name === 'chromium') {
      found[name] =
        (env.CHROMIUM_PATH && findOnPath(env.CHROMIUM_PATH, env)) ||
        findOnPath('chromium', env) ||
        findOnPath('chromium-browser', env);
    } else {
      found[name] = findOnPath(name, env);
    }
  }
  return found;
}
