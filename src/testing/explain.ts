/**
 * One line that says why the test gateway refused a request, from a {@link Diagnosis}: the
 * refusal's code first, then the verifier's terms or base string, which term differs and why,
 * and the hints. For the developer's own client (a response header, the gateway's record); never
 * a secret, and never the digest or signature that would pass (the gateway is no signing oracle)
 * unless `revealExpected` asks for it.
 *
 * @module
 */
import type { Diagnosis } from '../diagnose/diagnosis.js';

const q = (s: string): string => JSON.stringify(s);

/** Options of {@link explain}. */
export interface ExplainOptions {
  /**
   * Also show the digest the verifier expected (`expected control <sha1>`): anyone who reads the
   * line can then send a request that passes. For local debugging only (default false).
   */
  readonly revealExpected?: boolean;
}

/** What a refusal with this code means, when the diagnosis alone would not say it. */
const MEANING: Readonly<Record<string, string>> = {
  ERR_OAUTH_NONCE_REPLAYED:
    'a replay: the signature verifies, but this consumer already sent this oauth_nonce with this oauth_timestamp (send a fresh nonce with every request, a retry included)',
  ERR_BODY_TOO_LARGE: 'a size limit: the body is over the largest the service reads; nothing else was checked',
  ERR_BODY_TIMEOUT: 'the body did not arrive in time; nothing else was checked',
};

/** Why a request was refused, in one line. */
export function explain(d: Diagnosis, options: ExplainOptions = {}): string {
  const parts: string[] = [];
  if (d.error !== undefined) {
    parts.push(`${d.error.code}: ${d.error.message}`);
    const meaning = MEANING[d.error.code];
    if (meaning !== undefined) parts.push(meaning);
  }
  if (d.operation !== undefined) parts.push(`operation ${d.operation.id} (${d.scheme ?? 'no scheme'})`);
  if (d.problem !== undefined) parts.push(d.problem);
  const c = d.control;
  if (c !== undefined) {
    const terms = c.terms.map((t) => (t.value === '<control key>' ? t.value : `${t.name} ${q(t.value)}`));
    parts.push(`the verifier hashed ${terms.join(' + ')}`);
    if (c.expected !== undefined && c.received !== undefined && c.expected !== c.received) {
      if (c.clientInput !== undefined && c.clientInput !== c.input) {
        parts.push(`the client hashed ${q(c.clientInput)} instead`);
      } else {
        parts.push(
          `received control ${c.received}, which is not the digest of these terms: the key or a term differs (check the control key and each value above against what the client concatenated)`,
        );
      }
    }
    if (c.expected !== undefined && options.revealExpected === true) {
      parts.push(`expected control ${c.expected}, received ${c.received ?? '(none)'}`);
    }
  }
  const o = d.oauth;
  if (o !== undefined && o.baseString !== undefined) parts.push(`base string ${o.baseString}`);
  if (o?.clientBaseString !== undefined && o.clientBaseString !== o.baseString) {
    parts.push(`the client signed ${o.clientBaseString} instead`);
  }
  if (o !== undefined && options.revealExpected === true && o.expectedSignature !== undefined) {
    parts.push(`expected oauth_signature ${o.expectedSignature}`);
  }
  for (const h of d.hints) parts.push(`hint ${h.id}: ${h.message}`);
  return parts.join('; ');
}
