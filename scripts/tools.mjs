// Finds the system tools the tests need, by name on PATH (never at a fixed location). Used by scripts/provision.mjs and by the
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

/** Every executable called `name` in the directories of PATH, in PATH order. */
function allOnPath(name, env) {
  if (isAbsolute(name)) return executable(name) ? [name] : [];
  const dirs = (env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  return dirs.map((dir) => join(dir, name)).filter(executable);
}

/** The first executable called `name` in the directories of PATH, or undefined. */
export function findOnPath(name, env = process.env) {
  return allOnPath(name, env)[0];
}

/** True when this Python interpreter can import oauthlib. */
function hasOauthlib(python) {
  const r = spawnSync(python, ['-c', 'import oauthlib'], { stdio: 'ignore', timeout: 20_000 });
  return r.status === 0;
}

/** Resolves each wanted tool to a path, or undefined. An env var naming a path wins. */
export function probe(wanted, env = process.env) {
  const found = {};
  for (const name of wanted) {
    if (name === 'python3') {
      // A pyenv or venv python3 first on PATH may lack oauthlib while one later on PATH (where
      // `apt-get install python3-oauthlib` puts it) has it: every python3 on PATH is tried.
      const given = env.PAYSIG_PYTHON ? allOnPath(env.PAYSIG_PYTHON, env).slice(0, 1) : [];
      found[name] = [...given, ...allOnPath('python3', env)].find(hasOauthlib);
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
