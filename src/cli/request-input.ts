/**
 * What `paysig verify` and `paysig diagnose` share: reading a raw HTTP request from a file or
 * standard input, and the merchant's secrets from the environment. Node-only.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseCurl } from './curl.js';
import { parseRawHttp, type RawRequest } from './raw-http.js';
import { FORMULAS, OPERATIONS, type RequestParts, type Scheme, type VerifyRequestOptions } from '../index.js';
import {
  flag,
  readSecretFile,
  secretFromEnv,
  suggestion,
  UsageError,
  type Args,
  type Io,
  type OptionSpec,
} from './util.js';

/** Options both commands accept. */
export const REQUEST_OPTIONS: OptionSpec = {
  'base-path': { type: 'string' },
  scheme: { type: 'string' },
  'url-scheme': { type: 'string' },
  now: { type: 'string' },
  'max-skew': { type: 'string' },
  json: { type: 'boolean' },
};

/** A curl command as a request (the same parser as the signature debugger's). */
export function parseCurlRequest(text: string): RawRequest {
  return parseCurl(text, (message) => new UsageError(`cannot read the curl command: ${message}`, { field: 'request' }));
}

/** The request as parts for `diagnose` (without `Host` and `Content-Length`, which the URL and body give). */
export function partsOf(raw: RawRequest): RequestParts {
  const headers = raw.headers.filter(([k]) => !/^(host|content-length)$/i.test(k));
  return { method: raw.method, url: raw.url, headers, body: raw.body };
}

/** The request as a Fetch `Request` for `verifyRequest`. */
export function requestOf(raw: RawRequest): Request {
  const p = partsOf(raw);
  const hasBody = p.method !== 'GET' && p.method !== 'HEAD';
  return new Request(p.url, { method: p.method, headers: p.headers ?? [], ...(hasBody ? { body: p.body ?? '' } : {}) });
}

/** Without --base-path, the service prefix is whatever precedes the first `/api/` of the path. */
export function guessBasePath(pathname: string): string {
  const at = pathname.indexOf('/api/');
  return at > 0 ? pathname.slice(0, at) : '';
}

/** Reads the request named by the one positional (a file, or `-` / nothing for standard input). */
export async function readRequest(args: Args, io: Io): Promise<RawRequest> {
  if (args.positionals.length > 1)
    throw new UsageError('give at most one file (or - for standard input)', { field: 'file' });
  const file = args.positionals[0] ?? '-';
  let text: string;
  if (file === '-') {
    if (io.stdinIsTTY === true)
      io.err('paysig: reading the request from standard input; end it with Ctrl-D (or name a file)');
    text = await io.readStdin();
  } else {
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file} (${(e as { code?: string }).code ?? 'unreadable'})`, { field: 'file' });
    }
  }
  const urlScheme = flag(args, 'url-scheme') ?? 'https';
  if (urlScheme !== 'https' && urlScheme !== 'http')
    throw new UsageError('--url-scheme must be https or http', { field: 'url-scheme' });
  const raw = /^\s*curl\s/.test(text)
    ? parseCurlRequest(text.trim())
    : parseRawHttp(text, (message, field) => new UsageError(message, { field }), urlScheme);
  if (raw.warning !== undefined) io.err(`paysig: ${raw.warning}`);
  return raw;
}

/** A scheme the user named: a control formula or an OAuth method. */
function schemeNamed(name: string): Scheme {
  const all: string[] = [...Object.keys(FORMULAS), 'HMAC-SHA1', 'RSA-SHA256'];
  if (!all.includes(name))
    throw new UsageError(
      `unknown scheme ${JSON.stringify(name.slice(0, 40))}${suggestion(name, all, `use a control formula (${Object.keys(FORMULAS).join(', ')}) or HMAC-SHA1 / RSA-SHA256`)}`,
      { field: 'scheme' },
    );
  return name as Scheme;
}

function seconds(args: Args, name: string): number | undefined {
  const v = flag(args, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(v)) throw new UsageError(`--${name} must be a whole number of seconds`, { field: name });
  return Number(v);
}

/** The merchant's control key and public key from PAYSIG_CONTROL_KEY(_FILE) and PAYSIG_PUBLIC_KEY_FILE; one is needed. */
export function credentialsFromEnv(io: Io): { controlKey?: string; publicKey?: string } {
  const controlKey = secretFromEnv('PAYSIG_CONTROL_KEY', io.env);
  const publicFile = io.env['PAYSIG_PUBLIC_KEY_FILE'];
  const publicKey =
    publicFile !== undefined && publicFile !== '' ? readSecretFile(publicFile, 'PAYSIG_PUBLIC_KEY_FILE') : undefined;
  if (controlKey === undefined && publicKey === undefined) {
    throw new UsageError('set PAYSIG_CONTROL_KEY (or PAYSIG_CONTROL_KEY_FILE) or PAYSIG_PUBLIC_KEY_FILE', {
      field: 'PAYSIG_CONTROL_KEY',
    });
  }
  return { ...(controlKey !== undefined ? { controlKey } : {}), ...(publicKey !== undefined ? { publicKey } : {}) };
}

/**
 * The verification options from the command line and environment: base path, scheme, clock,
 * and credentials from PAYSIG_LOGIN, PAYSIG_CONTROL_KEY(_FILE), PAYSIG_PUBLIC_KEY_FILE.
 */
export function verifyOptionsOf(args: Args, raw: RawRequest, io: Io): Omit<VerifyRequestOptions, 'nonceStore'> {
  const envLogin = io.env['PAYSIG_LOGIN']?.trim();
  const creds = credentialsFromEnv(io);
  const scheme = flag(args, 'scheme');
  const now = seconds(args, 'now');
  const maxSkew = seconds(args, 'max-skew');
  return {
    basePath: flag(args, 'base-path') ?? guessBasePath(new URL(raw.url).pathname),
    // An explicit scheme applies to whichever operation the path names.
    ...(scheme !== undefined
      ? { schemes: Object.fromEntries(OPERATIONS.map((op) => [op.id, schemeNamed(scheme)])) }
      : {}),
    ...(now !== undefined ? { now } : {}),
    ...(maxSkew !== undefined ? { maxSkewSeconds: maxSkew } : {}),
    // Without PAYSIG_LOGIN, the merchant is whoever the request names (its login or OAuth
    // consumer key): the keys of the environment are that merchant's.
    credentials: (who) => {
      const id = who.login ?? who.consumerKey;
      if (id !== undefined && envLogin !== undefined && envLogin !== '' && id !== envLogin) return undefined;
      return creds;
    },
  };
}
