/**
 * One import point for the request-field helpers that signing and verifying share: trimming
 * (`trim.ts`), normalisation to pairs (`normalize.ts`), scheme resolution (`scheme.ts`), the
 * catalog's field rules (`rules.ts`), formula terms (`terms.ts`) and currency exponents
 * (`exponent.ts`). Re-exports only. Internal.
 *
 * @module
 */
export { serviceTrim } from './trim.js';
export { normalizeParams } from './normalize.js';
export { resolveAuth, type Scheme, type ResolvedAuth } from './scheme.js';
export { checkFields, type FieldValues } from './rules.js';
export { termFieldName, controlFieldsOf, formulaHasLogin } from './terms.js';
export { exponentOf, type Exponent } from './exponent.js';
