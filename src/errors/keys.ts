/**
 * RSA key errors: malformed, weak or oversized keys (all HTTP 500: a stored key is a server problem).
 *
 * @module
 */
import { PaysigError, type PaysigErrorOptions } from './base.js';

/** A key is malformed, encrypted, of the wrong kind, or not RSA. */
export class KeyError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_INVALID';
  /** @param message what is wrong with the key (never its contents) */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_KEY_INVALID', message, options);
  }
}

/** An RSA key is shorter than 2048 bits. */
export class WeakKeyError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_TOO_SMALL';
  /** @param bits the modulus length found */
  constructor(readonly bits: number) {
    super('ERR_KEY_TOO_SMALL', `RSA key of ${bits} bits refused: at least 2048 bits are required`);
  }
}

/**
 * An RSA key's public exponent is refused: it must be 65537. With e = 1 anyone can forge
 * signatures; an even e is not RSA; small exponents are legacy.
 */
export class KeyExponentError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_EXPONENT';
  /** @param message what is wrong with the exponent and what to do (never the key itself) */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_KEY_EXPONENT', message, options);
  }
}

/** An RSA key's modulus is longer than paysig accepts (see `MAX_RSA_BITS`, 8192 bits). */
export class KeyTooLargeError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_TOO_LARGE';
  /**
   * @param bits the modulus length found
   * @param maxBits the largest length accepted
   */
  constructor(
    readonly bits: number,
    readonly maxBits: number,
  ) {
    super(
      'ERR_KEY_TOO_LARGE',
      `RSA key of ${bits} bits refused: at most ${maxBits} bits are accepted; use a key of 2048 to ${maxBits} bits (4096 is usual)`,
    );
  }
}
