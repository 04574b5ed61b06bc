// Issue 31, the docs a newcomer reads first: checked here so they stay right. The README says how
// to install before the package is published, lists every user guide near the top (contributor
// pages apart), gives the full status list, shows the middleware for Express 4 and 5, says what a
// new Redis does, and shows the pictures; docs/verifying.md has a table of contents; the pictures
// exist, are SVG drawn from the repository, and are linked by relative paths.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/index.js';

const ROOT = resolve(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const README = read('README.md');
const GUIDES = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
const CONTRIBUTOR = readdirSync(join(ROOT, 'docs/contributing')).filter((f) => f.endsWith('.md'));
const ENTRIES = ['paysig', 'paysig/hmac', 'paysig/node', 'paysig/redis', 'paysig/testing'];

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces to dashes. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
/** The section of `text` from the heading `title` to the next heading of its level or higher. */
function section(text: string, title: RegExp): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^#{2,3} /.test(l) && title.test(l));
  expect(start, String(title)).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('README', () => {
  it('says how to install from a checkout or a packed tarball until the package is published', () => {
    const install = section(README, /^## Install/);
    expect(install).toMatch(/not (yet )?published/);
    expect(install).toContain('npm pack');
    expect(install).toMatch(/npm install \S*paysig-0\.1\.0\.tgz/);
    expect(install).toMatch(/npm install \/path\/to\/paysig/);
  });

  it('lists every user guide near the top, contributor pages apart', () => {
    const top = README.split('\n## Install')[0]!;
    const contents = section(README, /^## Contents/);
    expect(top.length).toBeLessThan(README.length / 4);
    for (const guide of GUIDES) expect(contents, guide).toContain(`docs/${guide})`);
    const contributor = section(contents, /^### Working on paysig/);
    for (const page of CONTRIBUTOR) expect(contributor, page).toContain(`docs/contributing/${page})`);
    expect(contributor).toContain('CONTRIBUTING.md');
    for (const guide of GUIDES) expect(contributor).not.toContain(`docs/${guide})`);
  });

  it('gives every HTTP status httpStatusOf can answer', () => {
    const statuses = [...new Set(Object.values(ERROR_CODES).map((r) => r.status))].sort();
    expect(statuses).toEqual(expect.arrayContaining([406, 408]));
    const line = /return new Response\(null, \{ status: httpStatusOf\(error\) \}\); \/\/ (.*)/.exec(README)?.[1] ?? '';
    for (const status of statuses) expect(line, String(status)).toContain(String(status));
  });

  it('shows the middleware route for Express 5 and Express 4', () => {
    const middleware = README.slice(README.indexOf('**Middleware.**'), README.indexOf('**Typed results.**'));
    expect(middleware).toMatch(/Express 5.*\n.*'\/paynet\/api\/\*path'/);
    expect(middleware).toMatch(/Express 4.*\n.*'\/paynet\/api\/\*'/);
  });

  it('says in its Redis lines that a new Redis refuses for a few seconds, linking the fault section', () => {
    const redis = README.slice(README.indexOf("from 'paysig/redis'"), README.indexOf('**Middleware.**'));
    expect(redis).toMatch(/new Redis[^.]*a few seconds/);
    expect(redis).toContain('ERR_NONCE_STORE');
    expect(redis).toContain('docs/verifying.md#what-the-redis-store-does-about-lost-nonces');
    expect(read('docs/verifying.md')).toContain('### What the Redis store does about lost nonces');
  });

  it('lists all five entry points', () => {
    for (const entry of ENTRIES) expect(README, entry).toContain(`\`${entry}\``);
    for (const entry of ENTRIES) expect(read('docs/typescript.md'), entry).toContain(`\`${entry}\``);
  });
});

describe('pictures', () => {
  const images = ['docs/images/request-path.svg', 'docs/images/redis-fault.svg'];

  it('exist as SVG kept in the repository, with a text alternative', () => {
    for (const image of images) {
      expect(existsSync(join(ROOT, image)), image).toBe(true);
      const svg = read(image);
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // nothing fetched from elsewhere
    }
  });

  it('are shown by README and docs/verifying.md through relative paths', () => {
    for (const image of images) expect(README).toContain(`](${image})`);
    const verifying = read('docs/verifying.md');
    for (const image of images) expect(verifying).toContain(`](${image.replace('docs/', '')})`);
  });

  it('the request path names every refusal status, the fault timeline the refusal', () => {
    const path = read('docs/images/request-path.svg');
    for (const status of ['400', '403', '404', '405', '406', '408', '413', '503']) expect(path).toContain(status);
    const fault = read('docs/images/redis-fault.svg');
    expect(fault).toContain('ERR_NONCE_STORE');
  });
});

describe('docs/verifying.md', () => {
  it('has a table of contents linking each of its sections', () => {
    const text = read('docs/verifying.md');
    const contents = section(text, /^## Contents/);
    const headings = [...text.matchAll(/^(##|###) (.+)$/gm)].map((m) => m[2]!).filter((h) => h !== 'Contents');
    expect(headings.length).toBeGreaterThan(15);
    for (const h of headings) expect(contents, h).toContain(`(#${anchor(h)})`);
  });
});

describe('docs/testing.md', () => {
  it("names the record's diagnosis field and explains paynetOrderId; shows no digest that would pass", () => {
    const text = read('docs/testing.md');
    expect(text).toContain('`diagnosis`');
    expect(text).not.toMatch(/whole `diagnose\(\)` result/);
    expect(text).toMatch(/`paynetOrderId` is the `paynet-order-id`/);
    expect(text).not.toMatch(/expected control [0-9a-f]/);
    expect(text).toContain('revealExpected');
    expect(text).toContain('--allow-remote');
  });
});
