/**
 * `paysig debugger [--out FILE] [--serve [--port N]]`: the signature debugger, offline. Writes the
 * self-contained page the package ships (dist/debugger.html) to a file, or serves it on
 * 127.0.0.1 until interrupted. The page runs entirely in the browser and its
 * Content-Security-Policy forbids network requests; served, the same policy is also sent as a
 * header, and nothing but the page is served.
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flag, parseCommand, UsageError, type Io } from './util.js';

/** Help text of the subcommand. */
export const DEBUGGER_HELP = `usage: paysig debugger [--out FILE]
       paysig debugger --serve [--port N]

The signature debugger ("why 403?") as one HTML page that works offline: paste a refused
request (raw HTTP, a curl command or a callback URL) and the keys, and it shows what the
verifier expects, what was sent, where they part, and hints for the usual mistakes. It runs
in the browser with WebCrypto and sends nothing anywhere (its Content-Security-Policy
forbids network requests).

Without --serve, writes the page to FILE (default ./paysig-debugger.html); open it in a
browser. With --serve, serves it on http://127.0.0.1:N/ (default: a free port) until
interrupted with Ctrl-C.`;

/** The page as the package ships it, beside the CLI (dist/cli/ -> dist/debugger.html). */
function page(): string {
  try {
    return readFileSync(new URL('../debugger.html', import.meta.url), 'utf8');
  } catch {
    throw new UsageError(
      'the debugger page is missing from this installation (dist/debugger.html); run npm run build',
      {
        field: 'debugger',
      },
    );
  }
}

/** The policy the page declares, sent as a header too. */
function policyOf(html: string): string {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? "default-src 'none'";
}

/** Runs the subcommand; returns the exit status (with --serve, once the server has closed). */
export async function runDebugger(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, { out: { type: 'string' }, serve: { type: 'boolean' }, port: { type: 'string' } });
  if (args.positionals.length > 0)
    throw new UsageError('paysig debugger takes no file; use --out FILE', { field: 'out' });
  const html = page();
  if (!args.flags.has('serve')) {
    if (flag(args, 'port') !== undefined) throw new UsageError('--port needs --serve', { field: 'port' });
    const out = flag(args, 'out') ?? 'paysig-debugger.html';
    try {
      writeFileSync(out, html);
    } catch (e) {
      throw new UsageError(`cannot write ${out} (${(e as { code?: string }).code ?? 'unwritable'})`, { field: 'out' });
    }
    io.out(`wrote ${out}: open it in a browser (it works offline and sends nothing anywhere)`);
    return 0;
  }
  if (flag(args, 'out') !== undefined) throw new UsageError('--out and --serve exclude each other', { field: 'out' });
  const portText = flag(args, 'port') ?? '0';
  if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new UsageError('--port must be a port number (0 to 65535)', { field: 'port' });
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policyOf(html),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/' || path === '/index.html')) {
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : html);
    } else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', (e) =>
      fail(new UsageError(`cannot listen on port ${portText} (${e.message})`, { field: 'port' })),
    );
    server.listen(Number(portText), '127.0.0.1', ready);
  });
  io.out(
    `serving the signature debugger on http://127.0.0.1:${(server.address() as AddressInfo).port}/ (Ctrl-C stops)`,
  );
  const stop = () => server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await new Promise((closed) => server.once('close', closed));
  return 0;
}
