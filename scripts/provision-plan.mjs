// What the test run needs from the system, and what to do when something is missing. Pure: it
// only looks at what scripts/tools.mjs found, so test/provision.test.ts can try every case.

/**
 * The system tools, by the name the npm scripts use. `env` is the variable that hands the
 * resolved path to tests and scripts; `pkg` is the Debian package that provides the tool.
 */
export const TOOLS = {
  'redis-server': { label: 'redis-server', pkg: 'redis-server', env: 'PAYSIG_REDIS_SERVER' },
  python3: { label: 'python3 with oauthlib', pkg: 'python3-oauthlib', env: 'PAYSIG_PYTHON' },
  openssl: { label: 'openssl', pkg: 'openssl', env: 'PAYSIG_OPENSSL' },
  chromium: { label: 'chromium', pkg: 'chromium', env: 'CHROMIUM_PATH' },
};

/**
 * Decides, from the tools found, what to hand on and what to install.
 *
 * @param {string[]} wanted - tool names (keys of TOOLS)
 * @param {Record<string, string | undefined>} found - tool name -> resolved path, or undefined
 * @param {{ redisUrl?: string, isRoot: boolean, hasApt: boolean, off: boolean }} context
 * @returns {{ env: Record<string, string>, install: string[], missing: string[], message?: string }}
 *   `install`: Debian packages to install now; `missing`: tools that stop the run; `message`:
 *   the one line to print (absent when everything is there).
 */
export function plan(wanted, found, context) {
  const unknown = wanted.filter((name) => !(name in TOOLS));
  if (unknown.length > 0)
    throw new Error(`provision: unknown tool ${unknown.join(', ')} (known: ${Object.keys(TOOLS).join(', ')})`);
  const env = {};
  const absent = [];
  for (const name of wanted) {
    // An existing Redis (REDIS_URL) replaces the local redis-server the tests would start.
    if (name === 'redis-server' && context.redisUrl) continue;
    const path = found[name];
    if (path) env[TOOLS[name].env] = path;
    else absent.push(name);
  }
  if (absent.length === 0) return { env, install: [], missing: [] };
  const labels = absent.map((name) => TOOLS[name].label).join(', ');
  const pkgs = absent.map((name) => TOOLS[name].pkg);
  if (context.isRoot && context.hasApt && !context.off) {
    return {
      env,
      install: pkgs,
      missing: [],
      message: `provision: ${labels} not found; installing ${pkgs.join(' ')} with apt-get`,
    };
  }
  const apt = `apt-get install -y ${pkgs.join(' ')}`;
  const how = context.hasApt ? (context.isRoot ? apt : `sudo ${apt}`) : `your package manager (Debian: ${apt})`;
  const redisHint = absent.includes('redis-server') ? ', or set REDIS_URL to an existing Redis' : '';
  return {
    env,
    install: [],
    missing: absent,
    message: `provision: ${labels} not found; install with ${how}${redisHint}`,
  };
}
