/**
 * The severity of an `operations` answer that differs from its vector, and why. Serialisation
 * alone is `transport` (a `mismatch` only under `--strict-transport`). A content or signature
 * difference is a `mismatch` only when paysig's own `diagnose()` says the service would refuse the
 * request as the adapter wrote it; one it would accept is `transport`. A mismatch carries the
 * field-level differences, the vector's terms and concatenation or base string, and the likely
 * causes `diagnose()` and the kit's variants recognise.
 *
 * @module
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnose, percentEncode, type DiagnoseOptions, type Diagnosis } from '../../index.js';
import type { OperationsDiff } from './compare-operations.js';
import { explainControl, type Hint, type Term } from './control-terms.js';
import { explainSignature, type Signer } from './signature-terms.js';
import type { Severity } from './types.js';
import { authorizationParams, decodeForm, headerMap } from './wire.js';

/** A judged answer: no severity means a pass. */
export interface Verdict {
  readonly severity?: Severity;
  readonly reason?: string;
  readonly details?: string[];
  readonly hints?: Hint[];
}

/** What the kit needs to re-check a request. */
export interface ExplainContext {
  readonly vectorsDir: string;
  readonly strictTransport: boolean;
}

type Case = Readonly<Record<string, unknown>>;

/** A key file of the vectors' keys/ folder; undefined for a bad name or a missing file. */
export function pem(ctx: ExplainContext, file: unknown): string | undefined {
  if (typeof file !== 'string' || !/^[A-Za-z0-9._-]+$/.test(file)) return undefined;
  try {
    return readFileSync(join(ctx.vectorsDir, 'keys', file), 'utf8');
  } catch {
    return undefined;
  }
}

function keys(c: Case, ctx: ExplainContext): { controlKey?: string; publicKey?: string; privateKey?: string } {
  const creds = (c['credentials'] ?? {}) as Record<string, unknown>;
  const privateKey = pem(ctx, creds['privateKeyFile']);
  let publicKey = pem(ctx, creds['publicKeyFile']);
  if (publicKey === undefined && privateKey !== undefined)
    publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    ...(typeof creds['controlKey'] === 'string' ? { controlKey: creds['controlKey'] } : {}),
    ...(publicKey !== undefined ? { publicKey } : {}),
    ...(privateKey !== undefined ? { privateKey } : {}),
  };
}

/** Runs diagnose() on a request as an adapter wrote it; undefined when it cannot be examined. */
async function examine(c: Case, request: Record<string, unknown>, ctx: ExplainContext): Promise<Diagnosis | undefined> {
  const k = keys(c, ctx);
  const headers = headerMap(request['headers']);
  if (typeof request['method'] !== 'string' || typeof request['url'] !== 'string' || headers === undefined)
    return undefined;
  const options: DiagnoseOptions = {
    basePath: new URL(String(c['baseUrl'])).pathname.replace(/\/+$/, ''),
    credentials: () => ({
      ...(k.controlKey !== undefined ? { controlKey: k.controlKey } : {}),
      ...(k.publicKey !== undefined ? { publicKey: k.publicKey } : {}),
    }),
    ...(c['timestamp'] !== undefined ? { now: Number(c['timestamp']) } : {}),
    ...(typeof c['scheme'] === 'string' ? { schemes: { [String(c['operation'])]: c['scheme'] as never } } : {}),
    ...(c['exponent'] !== undefined ? { exponent: c['exponent'] as never } : {}),
  };
  try {
    return await diagnose(
      {
        method: request['method'],
        url: request['url'],
        headers: Object.fromEntries(headers),
        body: typeof request['body'] === 'string' ? request['body'] : '',
      },
      options,
    );
  } catch {
    return undefined;
  }
}

/** Judges an `operations` answer from its field-level differences. */
export async function explainOperation(
  d: OperationsDiff,
  c: Case,
  actual: unknown,
  ctx: ExplainContext,
): Promise<Verdict> {
  if (d.content.length === 0 && d.signature.length === 0) {
    if (d.transport.length === 0) return {};
    return {
      severity: ctx.strictTransport ? 'mismatch' : 'transport',
      reason: 'the same request, serialised differently',
      details: d.transport,
    };
  }
  const request = actual as Record<string, unknown>;
  const seen = await examine(c, request, ctx);
  const also = d.transport.map((t) => `(transport) ${t}`);
  if (seen?.valid === true)
    return {
      severity: 'transport',
      reason: 'differs from the vector, but the service would accept the request as sent',
      details: [...d.content, ...d.signature, ...also],
    };
  const details = [...d.content, ...d.signature];
  const hints: Hint[] = [...(seen?.hints ?? []).map((h) => ({ id: h.id, message: h.message }))];
  const k = keys(c, ctx);
  if (typeof c['control'] === 'string' && k.controlKey !== undefined) {
    const golden = await examine(
      c,
      { method: c['method'], url: c['url'], headers: c['headers'], body: c['body'] },
      ctx,
    );
    const given = new Map(
      decodeForm(String(c['body'])).map(([n, v]) => [n === 'client-order-id' ? 'client_orderid' : n, v]),
    );
    const terms: Term[] | undefined = golden?.control?.terms
      .filter((t) => t.value !== '<control key>')
      .map((t) => ({ name: t.name, value: t.value, raw: given.get(t.name) ?? t.value }));
    const sent = decodeForm(typeof request['body'] === 'string' ? request['body'] : '').find(([n]) => n === 'control');
    const exponent = typeof c['exponent'] === 'number' ? c['exponent'] : 2;
    const r = explainControl(terms, String(c['concatenation']), k.controlKey, sent?.[1], undefined, exponent);
    details.push(...r.details);
    for (const h of r.hints) if (!hints.some((x) => x.id === h.id)) hints.push(h);
  } else if (typeof c['baseString'] === 'string') {
    const signer: Signer | undefined =
      k.privateKey !== undefined
        ? { rsaPem: k.privateKey }
        : k.controlKey !== undefined
          ? { hmacKey: `${percentEncode(k.controlKey)}&` }
          : undefined;
    const header = authorizationParams(headerMap(request['headers'])?.get('authorization'));
    const r = explainSignature(c['baseString'], signer, header?.get('oauth_signature'), undefined);
    details.push(...r.details);
    for (const h of r.hints) if (!hints.some((x) => x.id === h.id)) hints.push(h);
  }
  const why = seen?.error !== undefined ? ` (${seen.error.code})` : '';
  return {
    severity: 'mismatch',
    reason: `the service would refuse this request${why}`,
    details: [...details, ...also],
    hints,
  };
}
