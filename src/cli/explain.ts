/**
 * A {@link Diagnosis} as text, for `paysig diagnose` and `paysig verify --explain`. Values are
 * shown JSON-quoted, so spaces and control characters are visible. Node-only by placement, pure.
 *
 * @module
 */
import { percentDecode, type Diagnosis } from '../index.js';

const q = (s: string): string => JSON.stringify(s);

/** The first line: what `paysig verify` prints, so the two commands agree. */
function verdict(d: Diagnosis): string {
  const op = d.operation;
  if (d.valid && op !== undefined) {
    const where = op.endpointGroupId !== undefined ? `group ${op.endpointGroupId}` : `endpoint ${op.endpointId}`;
    return `OK ${op.id} (${d.scheme}) ${where}`;
  }
  const e = d.error;
  return e === undefined ? 'FAIL' : `FAIL ${e.message} (${e.code})`;
}

function controlLines(d: Diagnosis, out: string[]): void {
  const c = d.control;
  if (c === undefined) return;
  out.push(`control formula ${c.formula}: ${c.terms.map((t) => t.name).join(' + ')}`);
  const width = Math.max(...c.terms.map((t) => t.name.length));
  for (const t of c.terms) out.push(`  ${t.name.padEnd(width)}  ${t.value === '<control key>' ? t.value : q(t.value)}`);
  out.push(`concatenation: ${c.input}`);
  if (c.clientInput !== undefined) out.push(`client hashed: ${c.clientInput}`);
  if (c.expected !== undefined) out.push(`expected control: ${c.expected}`);
  out.push(`received control: ${c.received ?? '(none)'}`);
}

function oauthLines(d: Diagnosis, out: string[]): void {
  const o = d.oauth;
  if (o === undefined) return;
  out.push(`signature method: ${o.signatureMethod ?? '(none)'} (the operation needs ${o.expectedMethod})`);
  if (o.consumerKey !== undefined) out.push(`consumer key: ${q(o.consumerKey)}`);
  out.push('parameters:');
  for (const p of o.parameters) {
    const note = p.signed
      ? ''
      : p.name === 'oauth_signature'
        ? '  (not signed)'
        : '  (repeat of the header: counted once)';
    out.push(`  ${p.source.padEnd(6)}  ${p.name} = ${q(p.value)}${note}`);
  }
  if (o.baseString !== undefined) {
    out.push(`normalized parameters: ${percentDecode(o.baseString.split('&')[2] ?? '')}`);
    out.push(`base string: ${o.baseString}`);
  }
  if (o.clientBaseString !== undefined) out.push(`client signed: ${o.clientBaseString}`);
  if (o.expectedSignature !== undefined) out.push(`expected signature: ${o.expectedSignature}`);
  out.push(`received signature: ${o.receivedSignature ?? '(none)'}`);
  if (o.rsaVerified !== undefined) out.push(`RSA-SHA256 signature verifies: ${o.rsaVerified ? 'yes' : 'no'}`);
  if (o.timestampOffsetSeconds !== undefined) {
    const off = o.timestampOffsetSeconds;
    out.push(
      `timestamp: ${Math.abs(off)} s ${off >= 0 ? 'ahead of' : 'behind'} the clock (allowed: ${o.maxSkewSeconds} s behind, ${o.maxFutureSkewSeconds ?? Math.min(o.maxSkewSeconds, 30)} s ahead)`,
    );
  }
}

/** The diagnosis as lines of text. */
export function explainLines(d: Diagnosis): string[] {
  const out = [verdict(d)];
  const op = d.operation;
  if (op !== undefined) {
    const where =
      op.endpointGroupId !== undefined ? `endpoint group ${op.endpointGroupId}` : `endpoint ${op.endpointId}`;
    out.push(`operation: ${op.id}${op.name !== undefined ? ` (${op.name})` : ''}  ${op.path}  ${where}`);
    if (d.error !== undefined) out.push(`HTTP status: ${d.error.status}`);
  }
  if (d.scheme !== undefined) out.push(`scheme: ${d.scheme}`);
  controlLines(d, out);
  oauthLines(d, out);
  const diff = d.difference;
  if (diff !== undefined) {
    out.push(`first difference (${diff.what}) at position ${diff.index}:`);
    out.push(`  expected ${q(diff.expected)}`);
    out.push(`  received ${q(diff.received)}`);
  }
  for (const h of d.hints) out.push(`hint [${h.id}]: ${h.message}`);
  if (d.problem !== undefined) out.push(`stopped: ${d.problem}`);
  return out;
}
