/**
 * One line that says why the test gateway refused a request, from a {@link Diagnosis}: the
 * verifier's terms or base string, what was expected and received, and the hints. For the
 * developer's own client (a response header, the gateway's record); never a secret.
 *
 * @module
 */
import type { Diagnosis } from '../diagnose/diagnosis.js';

const q = (s: string): string => JSON.stringify(s);

/** Why a request was refused, in one line. */
export function explain(d: Diagnosis): string {
  const parts: string[] = [];
  if (d.error !== undefined) parts.push(`${d.error.code}: ${d.error.message}`);
  if (d.operation !== undefined) parts.push(`operation ${d.operation.id} (${d.scheme ?? 'no scheme'})`);
  if (d.problem !== undefined) parts.push(d.problem);
  const c = d.control;
  if (c !== undefined) {
    const terms = c.terms.map((t) => (t.value === '<control key>' ? t.value : `${t.name} ${q(t.value)}`));
    parts.push(`the verifier hashed ${terms.join(' + ')}`);
    if (c.expected !== undefined) parts.push(`expected control ${c.expected}, received ${c.received ?? '(none)'}`);
  }
  const o = d.oauth;
  if (o !== undefined && o.baseString !== undefined) parts.push(`base string ${o.baseString}`);
  for (const h of d.hints) parts.push(`hint ${h.id}: ${h.message}`);
  return parts.join('; ');
}
