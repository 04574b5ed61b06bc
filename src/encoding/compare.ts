/**
 * Constant-time comparison for digests and signatures.
 *
 * What JavaScript can promise: these loops visit every byte (or UTF-16 unit) whatever the
 * contents, with no early exit and no data-dependent branch, so the time depends only on the
 * lengths. Lengths are not secret here (a SHA-1 hex digest is always 40 characters, a signature
 * has the key's size), so unequal lengths return at once. What JavaScript cannot promise: a JIT
 * may compile the loop in ways this code cannot see, and a garbage collection may pause it.
 * For HMAC, the node:crypto backend and WebCrypto compare MACs themselves where they can; these
 * helpers cover the rest.
 *
 * @module
 */

/** True when both byte arrays have the same length and contents; time independent of contents. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Whether `received` (hex digits in either case, already checked to be hex) is the lowercase hex
 * `digest`. Every character is compared whatever differs; `| 0x20` folds A-F to a-f and leaves
 * the digits as they are, so no lowercased copy is made.
 */
export function timingSafeEqualHex(digest: string, received: string): boolean {
  if (digest.length !== received.length) return false;
  let diff = 0;
  for (let i = 0; i < digest.length; i++) diff |= digest.charCodeAt(i) ^ (received.charCodeAt(i) | 0x20);
  return diff === 0;
}
