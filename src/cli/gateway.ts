/**
 * `paysig gateway [--port N] [--host H] [--base-path P] [--endpoint ID,...]`: the test gateway of
 * `paysig/testing` on a local port, for running a merchant's client against something that
 * checks signatures exactly as the service does. One line per request on standard output;
 * refusals carry the explanation. Runs until SIGINT or SIGTERM.
 *
 * @module
 */
import { serve } from '../node/index.js';
import { createTestGateway, type TestMerchant } from '../testing/index.js';
import { credentialsFromEnv } from './request-input.js';
import { flag, loginFromEnv, parseCommand, UsageError, type Io } from './util.js';

/** Help text of the subcommand. */
export const GATEWAY_HELP = `usage: paysig gateway [--port N] [--host H] [--base-path P] [--endpoint ID,...]

Serves a test gateway: every operation of the catalog, verified exactly as verifyRequest
does (Accept negotiation, trimming, replay), answered in the service's shape with made-up
ids, and every refusal explained (X-Paysig-Explanation header, and a line here). For
tests only: it listens on 127.0.0.1 by default and calls no other host.

  --port N        port (default 8080; 0 picks a free one)
  --host H        address (default 127.0.0.1)
  --base-path P   prefix before /api/... (default /paynet)
  --endpoint IDs  the merchant's endpoint ids, comma-separated (default: any)

Environment: PAYSIG_LOGIN, PAYSIG_CONTROL_KEY or PAYSIG_CONTROL_KEY_FILE,
PAYSIG_PUBLIC_KEY_FILE (RSA-SHA256 operations).`;

/** Runs the subcommand until SIGINT or SIGTERM; returns the exit status. */
export async function runGateway(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'base-path': { type: 'string' },
    endpoint: { type: 'string' },
  });
  const portText = flag(args, 'port') ?? '8080';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(portText)}`, {
      field: 'port',
    });
  }
  const endpoints = flag(args, 'endpoint');
  const merchant: TestMerchant = {
    login: loginFromEnv(io.env),
    ...(endpoints !== undefined ? { endpointIds: endpoints.split(',').map((e) => e.trim()) } : {}),
    ...credentialsFromEnv(io),
  };
  const gateway = createTestGateway({ merchants: [merchant], basePath: flag(args, 'base-path') ?? '/paynet' });
  const server = await serve(
    async (request) => {
      const response = await gateway.fetch(request);
      const r = gateway.requests.at(-1);
      const path = new URL(request.url).pathname;
      io.out(`${request.method} ${path} ${response.status}${r?.explanation !== undefined ? ` ${r.explanation}` : ''}`);
      return response;
    },
    { port, host: flag(args, 'host') ?? '127.0.0.1' },
  );
  io.out(`paysig gateway listening on ${server.url} (merchant ${merchant.login}); Ctrl-C stops it`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
