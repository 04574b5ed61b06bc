/**
 * Fixed-size keys for the memory nonce store: a seeded 128-bit hash of length-prefixed parts,
 * returned as a fresh 16-character one-byte string. A stored key therefore costs the same
 * whatever the size of the request it came from, and never keeps a slice of the request's
 * `Authorization` header alive (a substring can share the memory of the string it was cut from).
 *
 * Not a cryptographic hash. The seed is random per store, so nobody outside the process can aim
 * for a collision, and a collision could only make the store refuse a fresh request as a replay:
 * it can never make it accept a replay.
 *
 * Nothing outside the store computes these keys, and the store only compares them for equality,
 * so the exact mixing steps are not a contract: what matters is the unambiguous sequence of units
 * fed in (the tests build inputs that collide when a length half is left out) and a fixed size.
 *
 * @module
 * @internal
 */
import { randomBytes } from '#crypto';

/** Four random 32-bit lanes for {@link fixedKey}. @internal */
export function randomSeed(): Uint32Array {
  // A copy: the bytes may be a view into a larger (pooled) buffer.
  return new Uint32Array(Uint8Array.from(randomBytes(16)).buffer);
}

/** Murmur3's finaliser: every input bit reaches every output bit. */
function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A 16-character key for `parts` under `seed`. Each part is preceded by its length, so no two
 * different lists of parts feed the same sequence. @internal
 */
export function fixedKey(seed: Uint32Array, parts: readonly string[]): string {
  let a = seed[0]!;
  let b = seed[1]!;
  let c = seed[2]!;
  let d = seed[3]!;
  let n = 0;
  for (const part of parts) {
    // The length first (in two halves: a part may be longer than 65 535 units), then the units.
    for (let i = -2; i < part.length; i++) {
      const u = i === -2 ? part.length >>> 16 : i === -1 ? part.length & 0xffff : part.charCodeAt(i);
      // Each lane is a bijection of its state for a given unit, with its own constants.
      a = Math.imul((a ^ u) + 0x9e3779b9, 0x85ebca77);
      a = (a << 13) | (a >>> 19);
      b = Math.imul((b ^ u) + 0x7f4a7c15, 0xc2b2ae3d);
      b = (b << 17) | (b >>> 15);
      c = Math.imul((c ^ u) + 0x165667b1, 0x27d4eb2f);
      c = (c << 11) | (c >>> 21);
      d = Math.imul((d ^ u) + 0x61c88647, 0x9e3779b1);
      d = (d << 19) | (d >>> 13);
      n++;
    }
  }
  // Cross the lanes, then finalise each. Any choice of signs in the crossings keeps them bijections
  // of the 128-bit state, whose value depends on the random seed: no input collides by design.
  a = (a + b + c + d + n) | 0;
  b = (b + a) | 0;
  c = (c + a) | 0;
  d = (d + a) | 0;
  a = fmix(a);
  b = fmix(b);
  c = fmix(c);
  d = fmix(d);
  a = (a + b + c + d) | 0;
  b = (b + a) | 0;
  c = (c + a) | 0;
  d = (d + a) | 0;
  return String.fromCharCode(
    a & 255,
    (a >>> 8) & 255,
    (a >>> 16) & 255,
    a >>> 24,
    b & 255,
    (b >>> 8) & 255,
    (b >>> 16) & 255,
    b >>> 24,
    c & 255,
    (c >>> 8) & 255,
    (c >>> 16) & 255,
    c >>> 24,
    d & 255,
    (d >>> 8) & 255,
    (d >>> 16) & 255,
    d >>> 24,
  );
}
