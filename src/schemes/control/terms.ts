/**
 * From checked request fields to the terms of a control formula. Internal.
 *
 * @module
 */
import type { ControlFields } from './digest.js';
import { FORMULAS, type Formula, type TermField } from './formulas.js';

/** The part of an operation the term mapping reads. */
interface TermSource {
  readonly orderIdField: 'client_orderid' | 'client-order-id';
}

/** Body field that carries a formula term on this operation (login comes from credentials). */
export function termFieldName(op: TermSource, term: TermField): string {
  return term === 'client_orderid' ? op.orderIdField : term;
}

/** Builds the control-formula fields from the checked values. */
export function controlFieldsOf(
  op: TermSource,
  formula: Formula,
  values: { get(name: string): string | undefined },
  login: string | undefined,
  endpoint: { endpointId?: string; endpointGroupId?: string },
): ControlFields {
  const f: ControlFields = {};
  for (const t of FORMULAS[formula].terms) {
    const field = t.field;
    if (field === 'login') {
      if (login !== undefined) f.login = login;
    } else if (field === 'endpointId') {
      if (endpoint.endpointId !== undefined) f.endpointId = endpoint.endpointId;
      if (endpoint.endpointGroupId !== undefined) f.endpointGroupId = endpoint.endpointGroupId;
    } else {
      const v = values.get(termFieldName(op, field));
      if (v !== undefined) f[field] = v;
    }
  }
  return f;
}

/** True when the formula has a `login` term. */
export function formulaHasLogin(formula: Formula): boolean {
  return FORMULAS[formula].terms.some((t) => t.field === 'login');
}
