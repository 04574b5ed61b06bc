/**
 * The debugger's one question, "is this request signed right, and if not, where does it part?",
 * answered with paysig's public API only: `diagnose()` for the API's operations, and the
 * CALLBACK formula (`verifyCallback`, `control`) for a callback URL the service sent. Runs in the
 * page; nothing here touches the network.
 */
import { control, diagnose, isPaysigError, verifyCallback, type Diagnosis } from 'paysig';
import type { RequestParts } from './input.js';

/** What the person typed besides the request. */
export interface Secrets {
  /** Merchant control key (control digests, HMAC-SHA1, callbacks); '' when not given. */
  controlKey: string;
  /** RSA public key PEM (RSA-SHA256); '' when not given. */
  publicKey: string;
  /** The verifier's clock in Unix seconds; undefined: the page's clock. */
  now?: number;
  /** What the client logged as signed or hashed (base string or control input); '' when not given. */
  clientText?: string;
}

/** A callback's check, in the shape of a control diagnosis. */
export interface CallbackCheck {
  valid: boolean;
  error?: string;
  terms: Array<{ name: string; value: string }>;
  expected?: string;
  received?: string;
}

/** paysig's base string or control input against what the client says it signed or hashed. */
export interface ClientComparison {
  what: 'base string' | 'control input';
  expected: string;
  client: string;
}

export type Examination =
  | { kind: 'operation'; basePath: string; diagnosis: Diagnosis; client?: ClientComparison }
  | { kind: 'callback'; callback: CallbackCheck };

/** The path prefix in front of `/api/` (the service is often mounted under one, e.g. `/paynet`). */
export function basePathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '';
  }
  const at = path.indexOf('/api/');
  return at > 0 ? path.slice(0, at) : '';
}

function callbackQuery(request: RequestParts): URLSearchParams | undefined {
  if (request.method !== 'GET') return undefined;
  let q: URLSearchParams;
  try {
    q = new URL(request.url).searchParams;
  } catch {
    return undefined;
  }
  return ['status', 'orderid', 'client_orderid', 'control'].every((n) => q.has(n)) ? q : undefined;
}

async function checkCallback(q: URLSearchParams, controlKey: string): Promise<CallbackCheck> {
  const fields = {
    status: q.get('status') ?? '',
    orderid: q.get('orderid') ?? '',
    client_orderid: q.get('client_orderid') ?? '',
  };
  const terms = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'control key', value: '<control key>' },
  ];
  const received = q.get('control') ?? '';
  if (controlKey === '') return { valid: false, error: 'Give the control key to check the callback.', terms, received };
  const expected = await control('CALLBACK', fields, controlKey);
  try {
    await verifyCallback(q, controlKey);
    return { valid: true, terms, expected, received };
  } catch (e) {
    const error = isPaysigError(e) ? `${e.code}: ${e.message}` : 'the callback cannot be checked';
    return { valid: false, error, terms, expected, received };
  }
}

/** Examines a pasted request with the secrets given. */
export async function examine(request: RequestParts, secrets: Secrets): Promise<Examination> {
  const q = callbackQuery(request);
  if (q !== undefined && !/\/api\//.test(new URL(request.url).pathname)) {
    return { kind: 'callback', callback: await checkCallback(q, secrets.controlKey) };
  }
  const basePath = basePathOf(request.url);
  const diagnosis = await diagnose(request, {
    basePath,
    ...(secrets.now !== undefined ? { now: secrets.now } : {}),
    credentials: () => ({
      ...(secrets.controlKey !== '' ? { controlKey: secrets.controlKey } : {}),
      ...(secrets.publicKey.trim() !== '' ? { publicKey: secrets.publicKey } : {}),
    }),
  });
  const client = compareClient(diagnosis, secrets);
  return { kind: 'operation', basePath, diagnosis, ...(client !== undefined ? { client } : {}) };
}

/** The client's logged text, with the control key (if it shows) replaced as paysig shows it. */
function compareClient(d: Diagnosis, secrets: Secrets): ClientComparison | undefined {
  let client = (secrets.clientText ?? '').replace(/\r?\n$/, '');
  if (client === '') return undefined;
  if (secrets.controlKey !== '') client = client.split(secrets.controlKey).join('<control key>');
  if (d.oauth?.baseString !== undefined) return { what: 'base string', expected: d.oauth.baseString, client };
  if (d.control !== undefined) return { what: 'control input', expected: d.control.input, client };
  return undefined;
}
