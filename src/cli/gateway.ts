/**
 * `paysig gateway [--port N] [--host H] [--base-path P] [--endpoint ID,...]`: the test gateway of
 * `paysig/testing` on a local port, for running a merchant's client against something that
 * checks signatures exactly as the service does. One line per request on standard output;
 * refusals carry the explanation. Runs until SIGINT or SIGTERM.
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import { httpStatusOf, PaysigError } from '../index.js';
import { toFetchRequest } from '../node/index.js';
import { createTestGateway, type TestMerchant } from '../testing/index.js';
import { credentialsFromEnv } from './request-input.js';
import { flag, loginFromEnv, parseCommand, UsageError, type Io } from './util.js';

/** Help text of the subcommand. */
export const GATEWAY_HELP = `usage: paysig gateway [--port N] [--host H] [--base-path P] [--endpoint ID,...]
                      [--allow-remote] [--reveal-expected]

Serves a test gateway: every operation of the catalog, verified exactly as verifyRequest
does (Accept negotiation, trimming, replay), answered in the service's shape with made-up
ids, and every refusal explained (X-Paysig-Explanation header, and a line here). For
tests only: it listens on 127.0.0.1 by default and calls no other host.

  --port N        port (default 8080; 0 picks a free one)
  --host H        address (default 127.0.0.1); only a loopback address
                  (127.x.x.x, ::1, localhost) unless --allow-remote
  --base-path P   prefix before /api/... (default /paynet)
  --endpoint IDs  the merchant's endpoint ids, comma-separated (default: any)
  --allow-remote  let --host be an address other machines reach
  --reveal-expected
                  also print and send (X-Paysig-Explanation) the control digest or
                  HMAC signature a refused request should have carried: whoever reads
                  it can then sign any request. For local debugging only

Environment: PAYSIG_LOGIN, PAYSIG_CONTROL_KEY or PAYSIG_CONTROL_KEY_FILE,
PAYSIG_PUBLIC_KEY_FILE (RSA-SHA256 operations).`;

/** Runs the subcommand until SIGINT or SIGTERM; returns the exit status. */
export async function runGateway(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'base-path': { type: 'string' },
    endpoint: { type: 'string' },
    'allow-remote': { type: 'boolean' },
    'reveal-expected': { type: 'boolean' },
  });
  const portText = flag(args, 'port') ?? '8080';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(portText)}`, {
      field: 'port',
    });
  }
  const host = flag(args, 'host') ?? '127.0.0.1';
  if (!isLoopback(host) && !args.flags.has('allow-remote')) {
    throw new UsageError(
      `--host ${JSON.stringify(host.slice(0, 60))} is not a loopback address: the test gateway explains every refusal to whoever sends it one. Add --allow-remote to listen there anyway`,
      { field: 'host' },
    );
  }
  const revealExpected = args.flags.has('reveal-expected');
  const endpoints = flag(args, 'endpoint');
  const merchant: TestMerchant = {
    login: loginFromEnv(io.env),
    ...(endpoints !== undefined ? { endpointIds: endpoints.split(',').map((e) => e.trim()) } : {}),
    ...credentialsFromEnv(io),
  };
  const gateway = createTestGateway({
    merchants: [merchant],
    basePath: flag(args, 'base-path') ?? '/paynet',
    ...(revealExpected ? { revealExpected } : {}),
  });
  const { createServer } = await import('node:http');
  // Its own server rather than serve(): a request refused while its body is read (413, 408)
  // gets a line and an explanation too.
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      let response: Response;
      let line: string | undefined;
      try {
        const request = await toFetchRequest(req);
        response = await gateway.fetch(request);
        line = gateway.requests.at(-1)?.explanation;
      } catch (error) {
        // Refused while its body was read (413, 408): the gateway never saw it.
        const status = httpStatusOf(error);
        const code = error instanceof PaysigError ? error.code : 'ERR_INTERNAL';
        const message = error instanceof PaysigError ? error.message : 'internal error';
        line = `${code}: ${message}${status === 413 ? '; a size limit: the body is over the largest the service reads, nothing else was checked' : status === 408 ? '; the body did not arrive in time, nothing else was checked' : ''}`;
        const body = new URLSearchParams({
          type: status === 400 ? 'validation-error' : 'error',
          'error-message': message,
          'error-code': code,
        }).toString();
        response = new Response(body, {
          status,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-paysig-explanation': line.replace(/[^\x20-\x7e]/g, '?').slice(0, 2048),
          },
        });
      }
      io.out(`${req.method} ${path} ${response.status}${line !== undefined ? ` ${line}` : ''}`);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      res.writeHead(response.status, headers).end(new Uint8Array(await response.arrayBuffer()));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  io.out(
    `paysig gateway listening on ${url} (merchant ${merchant.login})${revealExpected ? '; --reveal-expected: refusals show the digest that would pass' : ''}; Ctrl-C stops it`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  return 0;
}

/** 127.0.0.0/8, ::1 (bracketed or not) and localhost. */
function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
