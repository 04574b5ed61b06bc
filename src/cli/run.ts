/**
 * The `paysig` command line without the process: dispatch to one subcommand per file,
 * `--help`, `--version`, did-you-mean, and exit statuses. User mistakes print one line,
 * `paysig: <message> (<code>)`, and no stack trace.
 *
 * Exit status: 0 success; 1 a negative answer (a request that does not verify, a demo failure)
 * or a runtime failure; 2 a usage error (command line, environment, input files, a key the user
 * gave).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { httpStatusOf, PaysigError } from '../index.js';
import { CONFORMANCE_HELP, runConformanceCommand } from './conformance/command.js';
import { DEBUGGER_HELP, runDebugger } from './debugger.js';
import { DEMO_HELP, runDemo } from './demo.js';
import { DIAGNOSE_HELP, runDiagnose } from './diagnose.js';
import { GATEWAY_HELP, runGateway } from './gateway.js';
import { KEYGEN_HELP, runKeygen } from './keygen.js';
import { OPERATIONS_HELP, runOperations } from './operations.js';
import { runSign, SIGN_HELP } from './sign.js';
import { errorLine, parseCommand, suggestion, UsageError, type Io } from './util.js';
import { runVerify, VERIFY_HELP } from './verify.js';

const HELP = `usage: paysig <command> [options]
       paysig --version

Sign and verify requests of the card-payment API (control digests, OAuth 1.0a).

commands:
  operations   list every operation: id, name, scheme, path
  sign         sign a request; prints it as curl and as raw HTTP
  verify       verify a raw HTTP request; --explain shows the work
  diagnose     explain why a raw HTTP request or curl command is refused
  debugger     write (or --serve on localhost) the signature debugger page, offline
  keygen       generate an RSA key pair for RSA-SHA256
  demo         sign and verify a sample request for every operation
  conformance  run the golden vectors against an SDK in any language (--adapter)
  gateway      serve a local test gateway that verifies requests as the service does

"paysig <command> --help" describes a command. Secrets come only from the environment:
PAYSIG_LOGIN, PAYSIG_CONTROL_KEY, PAYSIG_CONTROL_KEY_FILE, PAYSIG_PRIVATE_KEY_FILE,
PAYSIG_PUBLIC_KEY_FILE.

Exit status: 0 success, 1 the request does not verify or a runtime failure, 2 usage error.`;

type Command = { help: string; run: (argv: readonly string[], io: Io) => number | Promise<number> };
const COMMANDS: Record<string, Command> = {
  operations: { help: OPERATIONS_HELP, run: runOperations },
  sign: { help: SIGN_HELP, run: runSign },
  verify: { help: VERIFY_HELP, run: runVerify },
  diagnose: { help: DIAGNOSE_HELP, run: runDiagnose },
  debugger: { help: DEBUGGER_HELP, run: runDebugger },
  keygen: { help: KEYGEN_HELP, run: runKeygen },
  demo: { help: DEMO_HELP, run: runDemo },
  conformance: { help: CONFORMANCE_HELP, run: runConformanceCommand },
  gateway: { help: GATEWAY_HELP, run: runGateway },
};

/** The package's version, from the package.json two levels above this file (dist/cli/); undefined when unreadable. */
export function packageVersion(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    if (pkg.name === 'paysig' && typeof pkg.version === 'string') return pkg.version;
  } catch {
    // fall through
  }
  return undefined;
}

/** The exit status for an error: 2 for the user's mistakes, 1 for everything else. */
export function exitStatusOf(e: unknown): number {
  if (e instanceof UsageError) return 2;
  if (!(e instanceof PaysigError)) return 1;
  const status = httpStatusOf(e);
  // Key errors here are about a key the user gave (a file, --bits), not a server's key.
  return status === 400 || status === 404 || e.code === 'ERR_KEY_INVALID' || e.code === 'ERR_KEY_TOO_SMALL' ? 2 : 1;
}

async function dispatch(argv: readonly string[], io: Io): Promise<number> {
  const at = argv.findIndex((a) => !a.startsWith('-'));
  const globals = parseCommand(at < 0 ? argv : argv.slice(0, at), {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'V' },
  });
  if (globals.flags.has('version')) {
    const version = packageVersion();
    if (version !== undefined) {
      io.out(version);
      return 0;
    }
    // an installation problem, not a usage error: exit 1
    io.err('paysig: cannot find the package.json of paysig next to the command (reinstall the package)');
    return 1;
  }
  const name = at < 0 ? undefined : argv[at]!;
  if (globals.flags.has('help') || name === 'help') {
    io.out(HELP);
    return 0;
  }
  if (name === undefined) {
    io.err(HELP);
    return 2;
  }
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (cmd === undefined) {
    throw new UsageError(
      `unknown command "${name.slice(0, 40)}"${suggestion(name, Object.keys(COMMANDS), 'run paysig --help')}`,
      { field: 'command' },
    );
  }
  const rest = argv.slice(at + 1);
  const dashDash = rest.indexOf('--');
  const options = dashDash < 0 ? rest : rest.slice(0, dashDash);
  if (options.includes('--help') || options.includes('-h')) {
    io.out(cmd.help);
    return 0;
  }
  return await cmd.run(rest, io);
}

/** Runs the command line; returns the exit status. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (e) {
    io.err(errorLine(e));
    if (
      !(e instanceof PaysigError) &&
      io.env['PAYSIG_DEBUG'] !== undefined &&
      e instanceof Error &&
      e.stack !== undefined
    )
      io.err(e.stack);
    return exitStatusOf(e);
  }
}
