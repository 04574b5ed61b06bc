// The one plain reference implementation that paysig is cross-checked against: by the vector
// generator (vectors/generate/), the vector engine (vectors/engine/), the benchmark (bench/) and
// the tests. Plain ESM JavaScript, independent of paysig's src/, no dependencies:
//   percent.mjs  percent-encoding, strict decoding, form bodies      (no imports: any runtime)
//   oauth.mjs    RFC 5849 base string, HMAC key, Authorization header (no imports: any runtime)
//   crypto.mjs   SHA-1, HMAC-SHA1, RSA-SHA256, key refusals           (node:crypto)
//   control.mjs  control formulas, amounts in minor units, digests     (node:crypto)
//   sign.mjs     whole-request OAuth signing and verification           (node:crypto)
//   server.mjs   a plain server's check of one request (bench/e2e.mjs)  (node:crypto)
// A refusal throws `Refused` with the paysig error code the same input must produce.
// Code that must run outside Node (the vector engine) imports percent.mjs and oauth.mjs only.
export * from './percent.mjs';
export * from './oauth.mjs';
export * from './crypto.mjs';
export * from './control.mjs';
export * from './sign.mjs';
export * from './server.mjs';
