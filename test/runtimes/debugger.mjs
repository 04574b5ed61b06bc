// Part of `npm run test:browser`: the signature debugger (docs/debugger/) in headless Chromium.
// The page is built as the docs build builds it (esbuild, browser conditions, so paysig runs on
// WebCrypto) and served from 127.0.0.1. Requests are signed here with node:crypto, independently
// of paysig. Checks: a valid request shows valid; a float-rounded amount shows the amount hint
// and the differing term; a tampered OAuth request shows the base-string difference; a request
// signed for the public URL and received behind a proxy shows the forwarded-url hint; a stale
// Content-Length is a warning on the page, the whole body read; the page
// makes no network request after it has loaded; and the single page the package ships
// (dist/debugger.html, `npx paysig debugger`) works opened from disk with no request at all. Last line: `N passed, M failed`.
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { buildDebugger } from '../../docs/debugger/build.mjs';
import { launchChromium } from './chromium.mjs';
import { TMP } from './legs.mjs';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s) => createHash('sha1').update(s, 'utf8').digest('hex');
const pe = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const form = (pairs) => pairs.map(([k, v]) => `${pe(k)}=${pe(v)}`).join('&');
const http = (path, body, headers = []) =>
  [
    `POST /paynet${path} HTTP/1.1`,
    'Host: gate.example.com',
    'Content-Type: application/x-www-form-urlencoded',
    'Accept: application/vnd.pay+json',
    ...headers,
    '',
    body,
  ].join('\r\n');
const sale = (amount, hashedAmount) =>
  http(
    '/api/v2/sale/1111',
    form([
      ['client_orderid', '902B4FF5'],
      ['amount', amount],
      ['currency', 'EUR'],
      ['email', 'a@b.example'],
      ['control', sha1(`1111902B4FF5${hashedAmount}a@b.example${KEY}`)],
    ]),
  );

/** An HMAC-SHA1 payout signed over `signedBody`, sent with `sentBody`; the base string built by hand (RFC 5849). */
function payout(signedBody, sentBody, headers = []) {
  const url = 'https://gate.example.com/paynet/api/v2/payout/1111';
  const oauth = [
    ['oauth_consumer_key', 'merchant'],
    ['oauth_nonce', 'n-1'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const sorted = [...signedBody, ...oauth]
    .map(([k, v]) => [pe(k), pe(v)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  const base = `POST&${pe(url)}&${pe(sorted.map(([k, v]) => `${k}=${v}`).join('&'))}`;
  const signature = createHmac('sha1', `${KEY}&`).update(base).digest('base64');
  const header = `Authorization: OAuth ${[...oauth, ['oauth_signature', signature]].map(([k, v]) => `${k}="${pe(v)}"`).join(', ')}`;
  const request = http('/api/v2/payout/1111', form([...sentBody, ...oauth]), [header, ...headers]);
  // Behind a proxy: the server sees its own host and plain http, the proxy says what the client used.
  return {
    request: headers.length > 0 ? request.replace('Host: gate.example.com', 'Host: 127.0.0.1:3000') : request,
    base,
  };
}

const results = [];
const check = (name, ok, detail = '') => results.push({ name, ok, detail });

const dir = join(TMP, 'debugger');
mkdirSync(dir, { recursive: true });
await buildDebugger(dir);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const server = createServer((req, res) => {
  const name = req.url === '/' ? 'index.html' : (req.url ?? '').slice(1);
  if (!['index.html', 'debugger.js', 'debugger.css'].includes(name)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(name)] }).end(readFileSync(join(dir, name)));
});
await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/*', (route) =>
    route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort(),
  );
  await page.goto(`${origin}/`, { timeout: 30_000 });
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  const after = [];
  page.on('request', (r) => after.push(r.url()));

  let runs = 0;
  async function submit(request, fields = {}) {
    await page.fill('#request', request);
    await page.fill('#control-key', fields.controlKey ?? KEY);
    await page.fill('#public-key', fields.publicKey ?? '');
    await page.fill('#client-text', fields.clientText ?? '');
    await page.click('button[type=submit]');
    runs++;
    await page.waitForSelector(`#result[data-done="${runs}"]`, { timeout: 30_000 });
  }
  const text = (sel) =>
    page
      .locator(sel)
      .first()
      .textContent({ timeout: 5_000 })
      .catch(() => null);
  const attr = (sel, name) =>
    page
      .locator(sel)
      .first()
      .getAttribute(name, { timeout: 5_000 })
      .catch(() => null);

  await submit(sale('10.42', '1042'));
  check(
    'a valid control request shows valid',
    (await attr('[data-testid=verdict]', 'data-valid')) === 'true',
    await text('#result'),
  );

  // Pasted with a Content-Length that no longer fits its body: read whole, and the page says so.
  await submit(sale('10.42', '1042').replace('\r\n\r\n', '\r\nContent-Length: 5\r\n\r\n'));
  const stale = await text('[data-testid=input-warning]');
  check(
    'a stale Content-Length: a warning above the result, the whole body read (valid)',
    stale?.startsWith('Warning: Content-Length says 5 bytes but the body has') === true &&
      (await attr('[data-testid=verdict]', 'data-valid')) === 'true',
    `${stale} | ${await text('#result')}`,
  );

  await submit(sale('0.29', '28'));
  check('... and the warning goes with the next request', await page.locator('#input-warning').isHidden());
  const hint = await text('[data-hint=amount-float]');
  check('a float-rounded amount shows the amount-float hint', hint !== null, await text('#result'));
  const diffWhat = await attr('[data-testid=difference]', 'data-what');
  const mark = await text('[data-testid=difference] mark');
  check(
    '... and the differing amount term: 29 expected, 28 hashed',
    diffWhat === 'control input' &&
      mark === '9' &&
      (await text('[data-testid=terms] tr[data-differs] th'))?.startsWith('amount') === true,
    `${diffWhat} ${mark}`,
  );

  const body = [
    ['client_orderid', 'P-1'],
    ['amount', '10.00'],
    ['currency', 'EUR'],
  ];
  const tampered = payout(body, [
    ['client_orderid', 'P-1'],
    ['amount', '100.00'],
    ['currency', 'EUR'],
  ]);
  await submit(tampered.request, { clientText: tampered.base });
  const cmp = page.locator('[data-testid=client-comparison]');
  const at = Number(await attr('[data-testid=client-comparison]', 'data-index'));
  const expectedAt = [...tampered.base].findIndex(
    (c, i) =>
      c !==
      payout(
        [
          ['client_orderid', 'P-1'],
          ['amount', '100.00'],
          ['currency', 'EUR'],
        ],
        [],
      ).base[i],
  );
  check(
    'a tampered OAuth request is refused',
    (await attr('[data-testid=verdict]', 'data-valid')) === 'false',
    await text('[data-testid=verdict]'),
  );
  check(
    '... and shows where the base strings part',
    (await cmp.getAttribute('data-what')) === 'base string' &&
      at === expectedAt &&
      (await text('[data-testid=client-comparison] mark')) !== null,
    `index ${at}, expected ${expectedAt}`,
  );

  const valid = payout(body, body);
  await submit(valid.request);
  check(
    'a valid OAuth request shows valid',
    (await attr('[data-testid=verdict]', 'data-valid')) === 'true',
    await text('#result'),
  );

  const proxied = payout(body, body, ['X-Forwarded-Proto: https', 'X-Forwarded-Host: gate.example.com']);
  await submit(proxied.request);
  check(
    'signed for the public URL, received behind a proxy: the forwarded-url hint',
    (await text('[data-hint=forwarded-url]'))?.includes('https://gate.example.com/paynet/api/v2/payout/1111') === true,
    await text('#result'),
  );

  check('no network request after load', after.length === 0, after.join(' '));
  check('no page errors', errors.length === 0, errors.join(' | '));

  // The single page the package ships (npx paysig debugger), opened from disk: works, and
  // asks for nothing (no request of any kind once loaded; its inline script passes its CSP).
  const single = await browser.newPage();
  const singleErrors = [];
  const singleRequests = [];
  single.on('pageerror', (e) => singleErrors.push(String(e)));
  single.on('console', (m) => m.type() === 'error' && singleErrors.push(m.text()));
  const file = new URL('../../dist/debugger.html', import.meta.url).href;
  single.on('request', (r) => r.url() !== file && singleRequests.push(r.url()));
  await single.goto(file, { timeout: 30_000 });
  await single.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  await single.fill('#request', sale('10.42', '1042'));
  await single.fill('#control-key', KEY);
  await single.click('button[type=submit]');
  await single.waitForSelector('#result[data-done="1"]', { timeout: 30_000 });
  check(
    'dist/debugger.html from disk: a valid request shows valid',
    (await single.locator('[data-testid=verdict]').first().getAttribute('data-valid')) === 'true',
  );
  check(
    'dist/debugger.html: no request besides the page itself',
    singleRequests.length === 0,
    singleRequests.join(' '),
  );
  check(
    'dist/debugger.html: no page errors (CSP allows its inline script and style)',
    singleErrors.length === 0,
    singleErrors.join(' | '),
  );
} catch (e) {
  check('debugger page', false, e?.stack ?? String(e));
} finally {
  await browser.close().catch(() => {});
  server.closeAllConnections?.();
  server.close();
}
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} debugger: ${r.name}${r.ok ? '' : ` (${r.detail})`}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
