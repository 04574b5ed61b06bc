/**
 * The provisioning decision (scripts/provision-plan.mjs): from the tools found on this machine,
 * what the test run hands on, what it installs, and the one line it prints. Then the probe
 * (scripts/tools.mjs) on a PATH made of fake tools.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plan } from '../scripts/provision-plan.mjs';
import { probe } from '../scripts/tools.mjs';

const ALL = ['redis-server', 'python3', 'openssl'];
const FOUND = {
  'redis-server': '/opt/bin/redis-server',
  python3: '/home/u/.venv/bin/python3',
  openssl: '/opt/tools/openssl',
};
const root = { isRoot: true, hasApt: true, off: false };
const user = { isRoot: false, hasApt: true, off: false };

describe('provision plan', () => {
  it('everything found: hands the paths on, installs nothing, prints nothing', () => {
    expect(plan(ALL, FOUND, user)).toEqual({
      env: {
        PAYSIG_REDIS_SERVER: '/opt/bin/redis-server',
        PAYSIG_PYTHON: '/home/u/.venv/bin/python3',
        PAYSIG_OPENSSL: '/opt/tools/openssl',
      },
      install: [],
      missing: [],
    });
  });

  it('root with apt-get: installs the Debian packages of the missing tools, in one line', () => {
    const r = plan(ALL, { ...FOUND, 'redis-server': undefined, python3: undefined }, root);
    expect(r.install).toEqual(['redis-server', 'python3-oauthlib']);
    expect(r.missing).toEqual([]);
    expect(r.message).toBe(
      'provision: redis-server, python3 with oauthlib not found; installing redis-server python3-oauthlib with apt-get',
    );
    expect(r.message).not.toContain('\n');
  });

  it('not root: stops, naming the tool and the command that installs it', () => {
    const r = plan(ALL, { ...FOUND, openssl: undefined }, user);
    expect(r).toMatchObject({ install: [], missing: ['openssl'] });
    expect(r.message).toBe('provision: openssl not found; install with sudo apt-get install -y openssl');
  });

  it('PAYSIG_PROVISION=off: never installs, even as root', () => {
    const r = plan(['python3'], {}, { ...root, off: true });
    expect(r).toMatchObject({ install: [], missing: ['python3'] });
    expect(r.message).toBe(
      'provision: python3 with oauthlib not found; install with apt-get install -y python3-oauthlib',
    );
  });

  it('no apt-get: names the Debian package as a hint; a missing redis-server mentions REDIS_URL', () => {
    const r = plan(['redis-server'], {}, { isRoot: true, hasApt: false, off: false });
    expect(r.message).toBe(
      'provision: redis-server not found; install with your package manager (Debian: apt-get install -y redis-server), or set REDIS_URL to an existing Redis',
    );
  });

  it('REDIS_URL given: redis-server is not needed', () => {
    const r = plan(ALL, { ...FOUND, 'redis-server': undefined }, { ...user, redisUrl: 'redis://cache:6379' });
    expect(r.missing).toEqual([]);
    expect(r.env).not.toHaveProperty('PAYSIG_REDIS_SERVER');
  });

  it('chromium is wanted only when asked for, and goes to CHROMIUM_PATH', () => {
    expect(plan(ALL, FOUND, user).env).not.toHaveProperty('CHROMIUM_PATH');
    expect(plan(['chromium'], { chromium: '/snap/bin/chromium' }, user).env).toEqual({
      CHROMIUM_PATH: '/snap/bin/chromium',
    });
  });

  it('an unknown tool name is a mistake in package.json', () => {
    expect(() => plan(['redis'], {}, user)).toThrow(/unknown tool redis/);
  });
});

describe('provision probe', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paysig-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fake = (name: string, exitCode: number): string => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\nexit ${exitCode}\n`);
    chmodSync(path, 0o755);
    return path;
  };

  it('finds a tool on PATH, and nothing when PATH lacks it', () => {
    const redis = fake('redis-server', 0);
    expect(probe(['redis-server', 'openssl'], { PATH: dir })).toEqual({ 'redis-server': redis, openssl: undefined });
  });

  it('takes the python3 on PATH when it can import oauthlib', () => {
    const sub = mkdtempSync(join(dir, 'ok-'));
    const python = join(sub, 'python3');
    writeFileSync(python, '#!/bin/sh\nexit 0\n');
    chmodSync(python, 0o755);
    expect(probe(['python3'], { PATH: sub }).python3).toBe(python);
  });

  it('passes over a python3 on PATH without oauthlib (a pyenv shim) for one later on PATH', () => {
    fake('python3', 1);
    const real = probe(['python3']).python3;
    expect(real, 'CI provides a python3 with oauthlib on PATH').toBeDefined();
    const found = probe(['python3'], { PATH: [dir, dirname(real!)].join(delimiter) }).python3;
    expect(found).toBeDefined();
    expect(found).not.toBe(join(dir, 'python3'));
  });
});
