// One server of the end-to-end benchmark (bench/e2e.mjs), in a child process of its own so its
// CPU time can be read alone. Usage: node bench/e2e-server.mjs <mode> <dist dir>; the parent talks
// over IPC: the server sends { port } once listening, and answers 'cpu' with process.cpuUsage().
//   reference  plain node:crypto check (tools/vectors/reference/server.mjs)
//   fetch      a paysig verifier's verify() on a Fetch Request (toFetchRequest, as a Node server builds one)
//   node       paysig/node verifyIncoming(verifier, req), no Request built
//   minimal    the minimal hand-written check (bench/e2e-minimal.mjs): read, parse, recompute, compare
//   minimal-fetch  builds the same Fetch Request (toFetchRequest), then the minimal check on it
import { createServer } from 'node:http';
import process from 'node:process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { plainVerify } from './reference.mjs';
import { minimalVerify } from './e2e-minimal.mjs';
import { CONTROL_KEY, NOW } from './fixtures.mjs';

const [mode, distDir] = process.argv.slice(2);
const lib = await import(pathToFileURL(join(distDir, 'index.js')).href);
const node = await import(pathToFileURL(join(distDir, 'node', 'index.js')).href);

// One verifier, made at start-up as an app makes it; fixed `now` and a nonce store that accepts
// every nonce (the same signed request is sent again and again), like the hand-written checks,
// which check no nonce either.
const verifier = lib.createVerifier({
  basePath: '/paynet',
  credentials: () => ({ controlKey: CONTROL_KEY }),
  now: NOW,
  nonceStore: { check: () => Promise.resolve(true) },
});

function answer(res, ok, status = 403) {
  res.writeHead(ok ? 200 : status, { 'content-type': 'application/json' });
  res.end(ok ? '{"ok":true}' : '{"ok":false}');
}

/** Reads the body, runs the minimal check, and hands `then` its verdict. */
function readThenCheck(req, then) {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let ok = false;
    try {
      ok = minimalVerify(
        { url: `http://${req.headers.host}${req.url}`, path: req.url, headers: req.headers, body },
        { controlKey: CONTROL_KEY },
      );
    } catch {
      ok = false;
    }
    then(ok);
  });
}

const handlers = {
  reference(req, res) {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = `http://${req.headers.host}${req.url}`;
      let ok = false;
      try {
        ok = plainVerify({ url, path: req.url, headers: req.headers, body }, { controlKey: CONTROL_KEY, now: NOW });
      } catch {
        ok = false;
      }
      answer(res, ok);
    });
  },
  minimal(req, res) {
    readThenCheck(req, (ok) => answer(res, ok));
  },
  // The minimal check, then 30 µs of busy work: how much CPU per request 30 µs more of a
  // server's own work costs in all, kernel included, at a fixed request rate.
  'minimal-spin'(req, res) {
    readThenCheck(req, (ok) => {
      const start = process.hrtime.bigint();
      while (process.hrtime.bigint() - start < 30_000n);
      answer(res, ok);
    });
  },
  'minimal-async'(req, res) {
    readThenCheck(req, async (ok) => {
      await null;
      answer(res, ok);
    });
  },
  'minimal-fetch'(req, res) {
    node
      .toFetchRequest(req)
      .then(async (request) => {
        const body = await request.text();
        const path = new URL(request.url).pathname;
        return minimalVerify({ url: request.url, path, headers: request.headers, body }, { controlKey: CONTROL_KEY });
      })
      .then(
        (ok) => answer(res, ok),
        () => answer(res, false),
      );
  },
  fetch(req, res) {
    node
      .toFetchRequest(req)
      .then((request) => verifier.verify(request))
      .then(
        () => answer(res, true),
        (e) => answer(res, false, lib.httpStatusOf(e)),
      );
  },
  node(req, res) {
    node.verifyIncoming(verifier, req).then(
      () => answer(res, true),
      (e) => answer(res, false, lib.httpStatusOf(e)),
    );
  },
};

const handler = handlers[mode];
if (handler === undefined) throw new Error(`unknown mode ${mode}`);
const server = createServer(handler);
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (m === 'exit') server.close(() => process.exit(0)) && server.closeAllConnections();
});
