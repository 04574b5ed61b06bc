// `npm run test:browser`: the conformance suite in headless Chromium (playwright-core driving
// $CHROMIUM_PATH, which scripts/provision.mjs sets, else chromium on PATH). The suite is bundled with esbuild for the browser
// (paysig on its WebCrypto backend, fixtures embedded) and served from 127.0.0.1 on a random port; no
// other network. Last line: `N passed, M failed`; exit code non-zero on any failure.
import { createServer } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from './bundle.mjs';
import { launchChromium } from './chromium.mjs';
import { TMP } from './legs.mjs';

const OVERALL_TIMEOUT_MS = 180_000;

let browser;
let server;
const watchdog = setTimeout(async () => {
  console.log('browser: overall time limit reached');
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
  await cleanup();
  process.exit(1);
}, OVERALL_TIMEOUT_MS);

async function cleanup() {
  try {
    await browser?.close();
  } catch {
    // already closed
  }
  server?.closeAllConnections?.();
  await new Promise((r) => (server ? server.close(() => r()) : r()));
}

async function main() {
  const dir = join(TMP, 'browser');
  mkdirSync(dir, { recursive: true });
  const { resolvedPaysig } = await bundle({
    entry: join('test', 'runtimes', 'browser-entry.mjs'),
    outfile: join(dir, 'suite.js'),
    conditions: ['browser'],
    platform: 'browser',
  });
  const script = readFileSync(join(dir, 'suite.js'));
  const html =
    '<!doctype html><meta charset="utf-8"><title>paysig conformance</title><script type="module" src="/suite.js"></script>';

  server = createServer((req, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else if (req.url === '/suite.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();

  browser = await launchChromium();
  const version = browser.version();
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  // Anything but the local server is refused: the suite needs no network.
  await page.route('**/*', (route) =>
    route.request().url().startsWith(`http://127.0.0.1:${port}/`) ? route.continue() : route.abort(),
  );
  await page.goto(`http://127.0.0.1:${port}/`, { timeout: 30_000 });
  await page.waitForFunction(() => globalThis.__paysigResult !== undefined, undefined, {
    timeout: 120_000,
    polling: 100,
  });
  const result = await page.evaluate(() => globalThis.__paysigResult);
  const isSecure = await page.evaluate(() => globalThis.isSecureContext && globalThis.crypto?.subtle !== undefined);

  console.log(
    `chromium ${version}, paysig entry ${resolvedPaysig.join('+')}, secure context with crypto.subtle: ${isSecure}`,
  );
  for (const e of pageErrors) console.log(`page error: ${e}`);
  for (const line of result.lines) console.log(line);
  return result.ok && result.passed > 0;
}

let ok = false;
try {
  ok = await main();
} catch (e) {
  console.log(`browser: ${e?.stack ? e.stack : e}`);
  console.log('0 passed, 1 failed');
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exitCode = ok ? 0 : 1;
