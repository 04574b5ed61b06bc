/**
 * `paysig sign <operation> --endpoint N | --group N [--base-url URL] key=value...`: signs a
 * request and prints it as a curl command and as raw HTTP. Secrets come only from the
 * environment or files, and are never printed.
 *
 * @module
 */
import {
  FORMULAS,
  signRequest,
  type Operation,
  type Scheme,
  type SignedRequest,
  type SignCredentials,
} from '../index.js';
import {
  flag,
  loginFromEnv,
  operationNamed,
  parseCommand,
  readSecretFile,
  secretFromEnv,
  UsageError,
  type OptionSpec,
  type Io,
} from './util.js';

/** Help text of the subcommand. */
export const SIGN_HELP = `usage: paysig sign <operation> (--endpoint N | --group N) [--base-url URL]
                   [--scheme S] [--nonce X] [--timestamp T] [--realm R]
                   [--no-oauth-in-body] [--format both|curl|http] [name=value ...]

Signs a request for <operation> (an id or name from "paysig operations") and prints it
as a curl command and as raw HTTP. Fields are name=value arguments (values are trimmed).

Environment (secrets are read only from here, never from the command line):
  PAYSIG_LOGIN                  merchant login (control login, OAuth consumer key)
  PAYSIG_CONTROL_KEY            merchant control key (control digests, HMAC-SHA1)
  PAYSIG_CONTROL_KEY_FILE       ... or a file holding it
  PAYSIG_PRIVATE_KEY_FILE       RSA private key PEM (RSA-SHA256 operations)
  PAYSIG_BASE_URL               default for --base-url`;

const text = { type: 'string' } as const;
const SIGN_OPTIONS: OptionSpec = {
  endpoint: text,
  group: text,
  'base-url': text,
  scheme: text,
  nonce: text,
  timestamp: text,
  realm: text,
  format: text,
  exponent: text,
  'no-oauth-in-body': { type: 'boolean' },
};

/** Single-quotes a string for a POSIX shell. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The signed request as a curl command. */
export function asCurl(s: SignedRequest): string {
  const lines = [`curl -X POST ${shellQuote(s.url)}`];
  for (const [k, v] of Object.entries(s.headers)) lines.push(`  -H ${shellQuote(`${k}: ${v}`)}`);
  lines.push(`  --data-raw ${shellQuote(s.body)}`);
  return lines.join(' \\\n');
}

/** The signed request as raw HTTP/1.1 (what `paysig verify` reads). */
export function asHttp(s: SignedRequest): string {
  const u = new URL(s.url);
  const head = [`POST ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`];
  for (const [k, v] of Object.entries(s.headers)) head.push(`${k}: ${v}`);
  head.push(`Content-Length: ${new TextEncoder().encode(s.body).length}`);
  return head.join('\r\n') + '\r\n\r\n' + s.body;
}

/**
 * The scheme the request will be signed with: the explicit one, else the catalog's. signRequest
 * itself refuses an operation without a published scheme when none is given.
 */
function schemeOf(op: Operation, scheme: Scheme | undefined): Scheme {
  if (scheme !== undefined) {
    if (scheme === 'HMAC-SHA1' || scheme === 'RSA-SHA256' || Object.hasOwn(FORMULAS, scheme)) return scheme;
    throw new UsageError(
      `--scheme must be a control formula (${Object.keys(FORMULAS).join(', ')}), HMAC-SHA1 or RSA-SHA256`,
      { field: 'scheme' },
    );
  }
  if (op.auth.kind === 'control') return op.auth.formula;
  if (op.auth.kind === 'oauth') return op.auth.method;
  throw new UsageError(
    `operation "${op.id}" has no published scheme: pass --scheme (a control formula, HMAC-SHA1 or RSA-SHA256)`,
    { field: 'scheme' },
  );
}

/** Runs the subcommand; returns the exit status. */
export async function runSign(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, SIGN_OPTIONS);
  const [opName, ...fields] = args.positionals;
  if (opName === undefined)
    throw new UsageError('name the operation: paysig sign <operation> ...', { field: 'operation' });
  const op = operationNamed(opName);
  const scheme = flag(args, 'scheme') as Scheme | undefined;
  const auth = schemeOf(op, scheme);

  const endpoint = flag(args, 'endpoint');
  const group = flag(args, 'group');
  if ((endpoint === undefined) === (group === undefined)) {
    throw new UsageError('give exactly one of --endpoint and --group', { field: 'endpoint' });
  }
  const baseUrl = flag(args, 'base-url') ?? io.env['PAYSIG_BASE_URL'];
  if (baseUrl === undefined || baseUrl === '') {
    throw new UsageError('give --base-url or set PAYSIG_BASE_URL (the service address with its path prefix)', {
      field: 'base-url',
    });
  }
  const format = flag(args, 'format') ?? 'both';
  if (format !== 'both' && format !== 'curl' && format !== 'http') {
    throw new UsageError('--format must be both, curl or http', { field: 'format' });
  }

  const params: Array<[string, string]> = [];
  for (const f of fields) {
    const eq = f.indexOf('=');
    if (eq <= 0)
      throw new UsageError(`field arguments are name=value, got ${JSON.stringify(f.slice(0, 40))}`, {
        field: 'params',
      });
    params.push([f.slice(0, eq), f.slice(eq + 1)]);
  }

  const credentials: SignCredentials = { login: loginFromEnv(io.env) };
  const needsControlKey = auth !== 'RSA-SHA256';
  if (needsControlKey) {
    const key = secretFromEnv('PAYSIG_CONTROL_KEY', io.env);
    if (key === undefined) {
      throw new UsageError(
        `operation "${op.id}" (${auth}) needs the control key: set PAYSIG_CONTROL_KEY or PAYSIG_CONTROL_KEY_FILE`,
        {
          field: 'PAYSIG_CONTROL_KEY',
        },
      );
    }
    credentials.controlKey = key;
  } else {
    const file = io.env['PAYSIG_PRIVATE_KEY_FILE'];
    if (file === undefined || file === '') {
      throw new UsageError(`operation "${op.id}" (RSA-SHA256) needs the private key: set PAYSIG_PRIVATE_KEY_FILE`, {
        field: 'PAYSIG_PRIVATE_KEY_FILE',
      });
    }
    credentials.privateKey = readSecretFile(file, 'PAYSIG_PRIVATE_KEY_FILE');
  }

  const timestamp = flag(args, 'timestamp');
  const nonce = flag(args, 'nonce');
  const realm = flag(args, 'realm');
  const exponent = flag(args, 'exponent');
  const signed = await signRequest(op.id, {
    baseUrl,
    ...(endpoint !== undefined ? { endpointId: endpoint } : { endpointGroupId: group }),
    params,
    credentials,
    ...(scheme !== undefined ? { scheme } : {}),
    ...(timestamp !== undefined ? { timestamp } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
    ...(realm !== undefined ? { realm } : {}),
    ...(exponent !== undefined ? { exponent: Number(exponent) } : {}),
    repeatOAuthInBody: !args.flags.has('no-oauth-in-body'),
  });
  if (format === 'http') {
    io.out(asHttp(signed));
    return 0;
  }
  if (format === 'both') io.out(`# ${op.id} (${signed.scheme}): curl`);
  io.out(asCurl(signed));
  if (format === 'both') {
    io.out('');
    io.out('# raw HTTP');
    io.out(asHttp(signed));
  }
  return 0;
}
