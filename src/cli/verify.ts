/**
 * `paysig verify [file|-] [--explain] [--base-path P]`: reads a raw HTTP request and says
 * whether it verifies, or exactly why not. `--explain` shows the work: the operation found, the
 * decoded fields, the control concatenation (key masked) or the OAuth base string, and the
 * expected against the received digest or signature.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import {
  control,
  controlInput,
  FORMULAS,
  matchOperationPath,
  MemoryNonceStore,
  MissingFieldError,
  OPERATIONS,
  parseAuthorizationHeader,
  parseForm,
  percentDecode,
  signatureBaseString,
  signOAuth,
  verifyRequest,
  type Scheme,
  type VerifyCredentials,
} from '../index.js';
import { OPERATION_DOCS } from '../operations/docs.js';
import { checkFields, controlFieldsOf, exponentOf, formulaHasLogin, resolveAuth, serviceTrim } from '../operations/fields.js';
import { flag, parseArgs, readSecretFile, secretFromEnv, UsageError, type Io } from './util.js';

/** Help text of the subcommand. */
export const VERIFY_HELP = `usage: paysig verify [file|-] [--explain] [--base-path P] [--scheme S]
                     [--url-scheme https|http] [--now T] [--max-skew S]

Reads a raw HTTP request (request line, headers, blank line, body) from the file or
standard input and verifies it as the service would. Prints OK, or FAIL and why.
--explain also prints the operation, the decoded fields, the control concatenation
(with the key masked) or the OAuth base string, and expected against received values.
--base-path is the service prefix before /api/...; by default, whatever precedes the
first "/api/" of the request path.

Environment: PAYSIG_LOGIN, PAYSIG_CONTROL_KEY or PAYSIG_CONTROL_KEY_FILE,
PAYSIG_PUBLIC_KEY_FILE (RSA-SHA256 operations).`;

/** A raw HTTP request, parsed. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

/** Parses raw HTTP/1.x request text. Origin-form targets use `Host` and `urlScheme`. */
export function parseRawHttp(text: string, urlScheme = 'https'): RawRequest {
  let split = text.indexOf('\r\n\r\n');
  let sep = 4;
  const lf = text.indexOf('\n\n');
  if (split < 0 || (lf >= 0 && lf < split)) {
    split = lf;
    sep = 2;
  }
  const head = split < 0 ? text : text.slice(0, split);
  let body = split < 0 ? '' : text.slice(split + sep);
  const lines = head.replace(/^\s+/, '').split(/\r?\n/);
  const m = /^([A-Za-z]+) (\S+) HTTP\/1\.[01]$/.exec(lines[0]!.trim());
  if (m === null) throw new UsageError('the request does not start with a request line such as "POST /api/v2/sale/1 HTTP/1.1"', { field: 'request' });
  const headers: Array<[string, string]> = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new UsageError(`malformed header line ${JSON.stringify(line.slice(0, 60))}`, { field: 'headers' });
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const length = headers.find(([k]) => k.toLowerCase() === 'content-length')?.[1];
  if (length !== undefined && /^[0-9]+$/.test(length)) {
    const bytes = new TextEncoder().encode(body);
    body = new TextDecoder().decode(bytes.slice(0, Number(length)));
  } else {
    body = body.replace(/\r?\n$/, '');
  }
  const target = m[2]!;
  let url: string;
  if (/^https?:\/\//i.test(target)) url = target;
  else {
    const host = headers.find(([k]) => k.toLowerCase() === 'host')?.[1];
    if (host === undefined) throw new UsageError('the request has no Host header (or use an absolute URL in the request line)', { field: 'Host' });
    url = `${urlScheme}://${host}${target}`;
  }
  return { method: m[1]!.toUpperCase(), url, headers, body };
}

function toRequest(raw: RawRequest): Request {
  const headers = new Headers();
  for (const [k, v] of raw.headers) {
    const lk = k.toLowerCase();
    if (lk !== 'host' && lk !== 'content-length') headers.append(k, v);
  }
  const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
  return new Request(raw.url, { method: raw.method, headers, ...(hasBody ? { body: raw.body } : {}) });
}

function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** Without --base-path, the service prefix is whatever precedes the first `/api/` of the path. */
function guessBasePath(pathname: string): string {
  const at = pathname.indexOf('/api/');
  return at > 0 ? pathname.slice(0, at) : '';
}

async function explain(raw: RawRequest, io: Io, basePath: string, scheme: Scheme | undefined, creds: VerifyCredentials): Promise<void> {
  const match = matchOperationPath(new URL(raw.url).pathname, basePath);
  if (match === undefined) {
    io.out('explain: no operation matches the path');
    return;
  }
  const op = match.operation;
  io.out(`operation: ${op.id}${op.name !== undefined ? ` (${op.name})` : ''}  ${op.path}`);
  io.out(match.endpointGroupId !== undefined ? `endpoint group: ${match.endpointGroupId}` : `endpoint: ${match.endpointId}`);
  const params = parseForm(raw.body).map(([k, v]): [string, string] => [k, serviceTrim(v)]);
  io.out('fields:');
  for (const [k, v] of params) io.out(`  ${k} = ${JSON.stringify(v)}`);
  const auth = resolveAuth(op, scheme);
  const note = OPERATION_DOCS[op.id].note;
  io.out(`scheme: ${auth.scheme} (${op.authSource}${note !== '' ? `: ${note}` : ''})`);

  if (auth.kind === 'control') {
    const values = checkFields(op, auth, params, undefined);
    const login = formulaHasLogin(auth.formula) ? values.get('login') : undefined;
    const endpoint = match.endpointGroupId !== undefined ? { endpointGroupId: match.endpointGroupId } : { endpointId: match.endpointId! };
    const fields = controlFieldsOf(op, auth.formula, values, login, endpoint);
    const terms = FORMULAS[auth.formula].terms.map((t) => t.field).join(' + ');
    io.out(`control formula ${auth.formula}: ${terms} + <MERCHANT_CONTROL_KEY>`);
    io.out(`concatenation: ${controlInput(auth.formula, fields, { exponent: exponentOf(undefined, values.get('currency')) })}<MERCHANT_CONTROL_KEY>`);
    const received = values.get('control') ?? '';
    if (creds.controlKey !== undefined) {
      const expected = await control(auth.formula, fields, creds.controlKey);
      io.out(`expected control: ${expected}`);
      io.out(`received control: ${received}`);
      const at = firstDifference(expected, received.toLowerCase());
      io.out(at < 0 ? 'digests are identical' : `first difference at position ${at}`);
    } else {
      io.out(`received control: ${received}`);
    }
    return;
  }

  const header = raw.headers.find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  if (header === undefined) {
    io.out('no Authorization header');
    return;
  }
  const oauth = parseAuthorizationHeader(header).params;
  const body = params.filter(([k, v]) => !(k.startsWith('oauth_') && oauth[k] === v));
  const signedParams: Array<[string, string]> = [...body];
  for (const [k, v] of Object.entries(oauth)) if (k !== 'oauth_signature') signedParams.push([k, v]);
  const base = signatureBaseString({ method: raw.method, url: raw.url, params: signedParams });
  io.out(`normalized parameters: ${percentDecode(base.split('&')[2] ?? '')}`);
  io.out(`base string: ${base}`);
  const method = oauth['oauth_signature_method'];
  if (method === 'HMAC-SHA1' && creds.controlKey !== undefined) {
    const nonce = oauth['oauth_nonce'];
    const timestamp = oauth['oauth_timestamp'];
    const consumerKey = oauth['oauth_consumer_key'];
    if (nonce !== undefined && timestamp !== undefined && consumerKey !== undefined) {
      const expected = await signOAuth({
        method: raw.method,
        url: raw.url,
        params: body,
        consumerKey,
        signatureMethod: 'HMAC-SHA1',
        consumerSecret: creds.controlKey,
        nonce,
        timestamp,
      });
      io.out(`expected signature: ${expected.signature}`);
    }
  }
  io.out(`received signature: ${oauth['oauth_signature'] ?? '(none)'}`);
}

/** Runs the subcommand; returns the exit status. */
export async function runVerify(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['base-path', 'scheme', 'url-scheme', 'now', 'max-skew'], ['explain']);
  if (args.positionals.length > 1) throw new UsageError('give at most one file (or - for standard input)', { field: 'file' });
  const file = args.positionals[0] ?? '-';
  let text: string;
  if (file === '-') text = await io.readStdin();
  else {
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file} (${(e as { code?: string }).code ?? 'unreadable'})`, { field: 'file' });
    }
  }
  const urlScheme = flag(args, 'url-scheme') ?? 'https';
  if (urlScheme !== 'https' && urlScheme !== 'http') throw new UsageError('--url-scheme must be https or http', { field: 'url-scheme' });
  const raw = parseRawHttp(text, urlScheme);
  const basePath = flag(args, 'base-path') ?? guessBasePath(new URL(raw.url).pathname);
  const scheme = flag(args, 'scheme') as Scheme | undefined;

  const envLogin = io.env['PAYSIG_LOGIN']?.trim();
  const controlKey = secretFromEnv('PAYSIG_CONTROL_KEY', io.env);
  const publicFile = io.env['PAYSIG_PUBLIC_KEY_FILE'];
  const publicKey = publicFile !== undefined && publicFile !== '' ? readSecretFile(publicFile, 'PAYSIG_PUBLIC_KEY_FILE') : undefined;
  const creds: VerifyCredentials = {
    ...(controlKey !== undefined ? { controlKey } : {}),
    ...(publicKey !== undefined ? { publicKey } : {}),
  };
  if (controlKey === undefined && publicKey === undefined) {
    throw new UsageError('set PAYSIG_CONTROL_KEY (or PAYSIG_CONTROL_KEY_FILE) or PAYSIG_PUBLIC_KEY_FILE', { field: 'PAYSIG_CONTROL_KEY' });
  }

  const now = flag(args, 'now');
  const maxSkew = flag(args, 'max-skew');
  const schemes: Record<string, Scheme> = {};
  if (scheme !== undefined) for (const op of OPERATIONS) schemes[op.id] = scheme;
  let status = 0;
  try {
    const ok = await verifyRequest(toRequest(raw), {
      basePath,
      schemes,
      nonceStore: new MemoryNonceStore(),
      ...(now !== undefined ? { now: Number(now) } : {}),
      ...(maxSkew !== undefined ? { maxSkewSeconds: Number(maxSkew) } : {}),
      credentials: (who) => {
        const id = who.login ?? who.consumerKey;
        if (id !== undefined) {
          if (envLogin === undefined || envLogin === '') throw new MissingFieldError('PAYSIG_LOGIN', 'set PAYSIG_LOGIN to the merchant login');
          if (id !== envLogin) return undefined;
        }
        return creds;
      },
    });
    io.out(`OK ${ok.operation.id} (${ok.scheme})${ok.endpointId !== undefined ? ` endpoint ${ok.endpointId}` : ` group ${ok.endpointGroupId}`}`);
  } catch (e) {
    if (e instanceof MissingFieldError && e.field === 'PAYSIG_LOGIN') throw e;
    const code = (e as { code?: string }).code ?? 'ERROR';
    io.out(`FAIL ${(e as Error).message} (${code})`);
    status = 1;
  }
  if (args.flags.has('explain')) {
    try {
      await explain(raw, io, basePath, scheme, creds);
    } catch (e) {
      io.out(`explain stopped: ${(e as Error).message}`);
    }
  }
  return status;
}
