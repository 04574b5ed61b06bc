// The plain JavaScript reference paysig is cross-checked against (the other, independent of it,
// is tools/vectors/generate/oracle.py: Python, oauthlib, openssl). Through this index: the vector
// generator (tools/vectors/generate/support.mjs) and the benchmarks (bench/reference.mjs). The
// vector engine (vectors/engine/) and test/conformance/self-check.mjs import percent.mjs and
// oauth.mjs directly, the two that run outside Node. Plain ESM, independent of src/, no packages:
//   percent.mjs  percent-encoding, strict decoding, form bodies      (no Node API: any runtime)
//   oauth.mjs    RFC 5849 base string, HMAC key, Authorization header (no Node API: any runtime)
//   crypto.mjs   SHA-1, HMAC-SHA1, RSA-SHA256, key refusals           (node:crypto)
//   control.mjs  control formulas, amounts in minor units, digests     (node:crypto)
//   sign.mjs     whole-request OAuth signing and verification           (node:crypto)
//   server.mjs   a plain server's check of one request (bench/e2e.mjs)  (node:crypto)
// A refusal throws `Refused` with the paysig error code the same input must produce.
export * from './percent.mjs';
export * from './oauth.mjs';
export * from './crypto.mjs';
export * from './control.mjs';
export * from './sign.mjs';
export * from './server.mjs';
