#!/usr/bin/env node
// The e2e requests without HTTP: the same signed sale and payout as bench/e2e.mjs, each verified in
// this one process by paysig/node's verifyIncoming(verifier, req) and by the minimal hand-written
// check (bench/e2e-minimal.mjs), with a fresh stream as the request each time. What remains is each
// side's own work, without the kernel's part of serving a request, which at a fixed rate grows with
// the server's time (see "End to end" in bench/README.md). Rounds alternate the two; prints the
// median time per request of each, the stream's own cost subtracted.
//
//   node bench/e2e-inprocess.mjs [--dist <dir>] [--requests 20000] [--rounds 5]
//   (needs `npm run build` first)
import { join, resolve } from 'node:path';
import process from 'node:process';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { minimalVerify } from './e2e-minimal.mjs';
import { CONSUMER_KEY, CONTROL_KEY, NONCE, PAYOUT_PARAMS_INTL, SALE_PARAMS, TIMESTAMP } from './fixtures.mjs';
import { commandLine, median } from './harness.mjs';

const { value } = commandLine();
const dist = resolve(value('--dist', 'dist'));
const lib = await import(pathToFileURL(join(dist, 'index.js')).href);
const node = await import(pathToFileURL(join(dist, 'node', 'index.js')).href);
const REQUESTS = Number(value('--requests', 20_000));
const ROUNDS = Number(value('--rounds', 5));

const verifier = lib.createVerifier({
  basePath: '/paynet',
  credentials: () => ({ controlKey: CONTROL_KEY }),
  now: TIMESTAMP,
  nonceStore: { check: () => Promise.resolve(true) },
});

/** A signed request as a Node server would see it: lower-case headers with Host, the body bytes. */
async function incoming(operation, params, extra) {
  const credentials = { login: CONSUMER_KEY, controlKey: CONTROL_KEY };
  const base = { baseUrl: 'http://127.0.0.1:8080/paynet', endpointId: 1111, credentials, params };
  const signed = await lib.signRequest(operation, { ...base, ...extra });
  const url = new URL(signed.url);
  const body = Buffer.from(signed.body);
  const headers = { host: url.host, 'content-length': String(body.length) };
  for (const [k, v] of Object.entries(signed.headers)) headers[k.toLowerCase()] = v;
  return { target: url.pathname + url.search, headers, body };
}

function stream({ target, headers, body }) {
  const req = new Readable({ read() {} });
  Object.assign(req, { headers, method: 'POST', url: target, httpVersion: '1.1', socket: { encrypted: false } });
  req.push(body);
  req.push(null);
  return req;
}

const read = (req) =>
  new Promise((res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => res(Buffer.concat(chunks).toString('utf8')));
  });

const SIDES = {
  stream: async (r) => {
    await read(stream(r));
  },
  minimal: async (r) => {
    const body = await read(stream(r));
    const request = { url: `http://${r.headers.host}${r.target}`, path: r.target, headers: r.headers, body };
    if (!minimalVerify(request, { controlKey: CONTROL_KEY })) throw new Error('the minimal check refused');
  },
  paysig: async (r) => {
    await node.verifyIncoming(verifier, stream(r));
  },
};

async function timePer(side, r, n) {
  const start = performance.now();
  for (let i = 0; i < n; i++) await side(r);
  return ((performance.now() - start) * 1000) / n;
}

const scenarios = {
  'sale (control C-B)': await incoming('sale', SALE_PARAMS),
  'payout (OAuth HMAC-SHA1, 16 fields, non-ASCII)': await incoming('payout', PAYOUT_PARAMS_INTL, {
    nonce: NONCE,
    timestamp: TIMESTAMP,
  }),
};
console.log(`| request | minimal check | paysig verifyIncoming | ratio |\n|---|--:|--:|--:|`);
for (const [name, r] of Object.entries(scenarios)) {
  for (const side of Object.values(SIDES)) await timePer(side, r, 3000); // warm-up
  const us = { stream: [], minimal: [], paysig: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const [k, side] of Object.entries(SIDES)) us[k].push(await timePer(side, r, REQUESTS));
  const own = (k) => median(us[k]) - median(us.stream);
  console.log(
    `| ${name} | ${own('minimal').toFixed(1)} µs | ${own('paysig').toFixed(1)} µs | ${(own('paysig') / own('minimal')).toFixed(2)} |`,
  );
}
process.exit(0);
