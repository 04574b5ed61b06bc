/**
 * paysig: sign and verify the requests of a server-to-server card-payment API, with SHA-1
 * `control` digests and OAuth 1.0a (HMAC-SHA1, RSA-SHA256), on every JavaScript runtime.
 *
 * This entry point uses WebCrypto. Under the `node` export condition (Node, Deno, Bun) the
 * package resolves `index.node.js` instead, which is this same API on node:crypto.
 *
 * Re-exports only; no logic here.
 *
 * @packageDocumentation
 */

// --- errors ---
export * from './errors.js';

// --- encoding ---
export { percentEncode, percentDecode } from './encoding/percent.js';
export { parseForm, formatForm, MAX_FORM_PAIRS, type Pair } from './encoding/form.js';
export { toBase64, fromBase64 } from './encoding/base64.js';
export { toHex, fromHex } from './encoding/hex.js';
export { timingSafeEqual, timingSafeEqualString } from './encoding/compare.js';

// --- crypto ---
export { cryptoBackendName } from './crypto/name.js';

// --- control ---
export { toMinorUnits } from './control/amount.js';
export {
  FORMULAS,
  type Formula,
  type SpecFormula,
  type DocsFormula,
  type FormulaRow,
  type FormulaTerm,
  type TermField,
  type TermPresence,
} from './control/formulas.js';
export { control, controlInput, verifyControl, type ControlFields, type ControlOptions } from './control/digest.js';

// --- keys ---

// --- oauth ---

// --- operations ---
