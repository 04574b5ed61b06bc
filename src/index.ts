/**
 * paysig: sign and verify the requests of a server-to-server card-payment API, with SHA-1
 * `control` digests and OAuth 1.0a (HMAC-SHA1, RSA-SHA256), on every JavaScript runtime.
 *
 * The cryptography backend (node:crypto on Node, Deno and Bun; WebCrypto elsewhere) is chosen
 * by the package's `#crypto` subpath import when the module graph is resolved; see
 * {@link cryptoBackendName}.
 *
 * Re-exports only; no logic here.
 *
 * @packageDocumentation
 */

// --- errors ---
export * from './errors/index.js';

// --- encoding ---
export { percentEncode, percentDecode } from './encoding/percent.js';
export { parseForm, formatForm, MAX_FORM_PAIRS, type Pair } from './encoding/form.js';

// --- crypto ---
export { cryptoBackendName } from './crypto/name.js';
export type { KeyHandle } from './crypto/backend.js';

// --- control ---
export { toMinorUnits } from './schemes/control/amount.js';
export {
  FORMULAS,
  type Formula,
  type SpecFormula,
  type DocsFormula,
  type FormulaRow,
  type FormulaTerm,
  type TermField,
  type TermPresence,
} from './schemes/control/formulas.js';
export {
  control,
  controlInput,
  verifyControl,
  type ControlFields,
  type ControlOptions,
} from './schemes/control/digest.js';

// --- keys ---
export { importPrivateKey, importPublicKey } from './keys/import.js';
export { generateKeyPair, type GenerateKeyPairOptions, type GeneratedKeyPair } from './keys/generate.js';
export { rsaKeyBits } from './keys/decode.js';
export type { CryptoKeyLike } from './crypto/key-like.js';

// --- oauth ---
export {
  signatureBaseString,
  signOAuth,
  oauthBodyParams,
  verifyOAuth,
  buildAuthorizationHeader,
  parseAuthorizationHeader,
  MAX_HEADER_LENGTH,
  MAX_NONCE_LENGTH,
  type BaseStringRequest,
  type SignOAuthRequest,
  type SignOAuthResult,
  type VerifyOAuthRequest,
  type VerifyOAuthOptions,
  type VerifyOAuthResult,
  type OAuthConsumerCredentials,
  type OAuthHeader,
  type SignatureMethod,
} from './schemes/oauth/index.js';

// --- nonce stores ---
export { REPLAYS_NOT_CHECKED, type NonceStore, type NonceCheckContext } from './stores/types.js';
export { MemoryNonceStore, type MemoryNonceStoreOptions } from './stores/memory/index.js';

// --- operations ---
export {
  OPERATIONS,
  type Operation,
  type OperationAuth,
  type OperationVersion,
  type OAuthMethod,
  type AuthSource,
  type Source,
  type OrderIdField,
  type FieldRule,
  type FieldSpec,
  type FieldSpecs,
  type OperationRow,
  type CatalogRow,
  CATALOG_ROWS,
  type OperationSample,
} from './catalog/index.js';
export { OPERATION_DOCS, type OperationDocs } from './catalog/docs.js';
export { findOperation, matchOperationPath, type PathMatch } from './catalog/lookup.js';
export type {
  ParamValue,
  ExtraParams,
  AmountParams,
  SaleParams,
  AccountVerificationParams,
  CaptureParams,
  VoidParams,
  StatusParams,
  RebillParams,
  CardInfoParams,
  TdsUploadParams,
  TdsMethodUrlResultParams,
  RecurringPaymentParams,
  PanEligibilityParams,
  TransferParams,
  OperationParamsMap,
  OperationId,
  ParamsOf,
  FieldValueOf,
} from './catalog/params.js';
export type { Scheme } from './catalog/scheme.js';
export type { Exponent } from './schemes/control/amount.js';
export { ACCEPT, FORM_CONTENT_TYPE } from './request/media-types.js';
export {
  signRequest,
  type SignOptions,
  type SignCredentials,
  type SignedRequest,
  type OAuthSignature,
} from './request/sign.js';
export {
  verifyRequest,
  DEFAULT_MAX_BODY_BYTES,
  type VerifyRequestOptions,
  type RequestReader,
  type VerifyCredentials,
  type CredentialsQuery,
} from './request/verify.js';
export type {
  VerifiedRequest,
  VerifiedRequestOf,
  VerifiedRequestBase,
  VerifiedFieldsOf,
  VerifiedFieldsMap,
  VerifiedFieldValueOf,
} from './request/verified.js';
export {
  createVerifier,
  Verifier,
  type VerifierConfig,
  type VerifierSettings,
  type VerifyOptions,
} from './verifier/index.js';
export { DEFAULT_BODY_TIMEOUT_MS, type RefusalLogger } from './verifier/config.js';
export {
  withVerifiedRequest,
  withVerifiedCallback,
  type VerifiedHandlerOptions,
  type CallbackHandlerOptions,
  type FetchHandler,
  type OnRefused,
} from './verifier/fetch.js';
export { MAX_KEYS, type KeyEntry, type KeyList, type MatchedKey } from './keys/list.js';
export { diagnose, type DiagnoseOptions, type RequestParts } from './diagnose/index.js';
export type {
  Diagnosis,
  DiagnosisHint,
  DiagnosisHintId,
  DiagnosisDifference,
  DiagnosisTerm,
  DiagnosisParameter,
  ControlDiagnosis,
  OAuthDiagnosis,
  DiagnosisKey,
} from './diagnose/diagnosis.js';
export type { AcceptMode, ResponseFormat } from './request/accept.js';
export type { SignedParam, ParamSource } from './request/signed.js';
export { verifyCallback, FINAL_STATUSES, type CallbackFields, type CallbackStatus } from './request/callback.js';
export type { CallbackQuery, CallbackRequestTarget } from './request/callback-input.js';
