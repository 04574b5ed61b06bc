/**
 * Errors about values: bad or missing input, amounts, encodings, unsupported options, and digest or signature mismatches.
 *
 * @module
 */
import { PaysigError, type PaysigErrorOptions } from './base.js';

/** A value given to paysig breaks a documented rule (wrong type, out of range, bad format). */
export class InvalidInputError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_INVALID_INPUT';
  /** @param message what was wrong, naming the field and the rule */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_INVALID_INPUT', message, options);
  }
}

/** A field that a formula, operation or protocol requires is absent. */
export class MissingFieldError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_MISSING_FIELD';
  /** @param field the name of the missing field */
  constructor(field: string, message = `missing required field "${field}"`) {
    super('ERR_MISSING_FIELD', message, { field });
  }
}

/** An amount is not a plain non-negative decimal that fits the currency's minor units and int64. */
export class InvalidAmountError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_INVALID_AMOUNT';
  /** @param message what was wrong with the amount, quoting the value */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_INVALID_AMOUNT', message, { field: 'amount', ...options });
  }
}

/** Malformed percent-encoding, invalid UTF-8, a lone surrogate, bad Base64 or hex. */
export class EncodingError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_ENCODING';
  /** @param message what was malformed and where */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_ENCODING', message, options);
  }
}

/** Something paysig does not do: an unknown signature method, a scheme the operation lacks. */
export class UnsupportedError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_UNSUPPORTED';
  /** @param message what is unsupported */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_UNSUPPORTED', message, options);
  }
}

/** A `control` digest does not match the request and the control key. */
export class ControlMismatchError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_CONTROL_MISMATCH';
  /** @param message which digest failed (never the expected value) */
  constructor(message = 'control digest does not match', options?: PaysigErrorOptions) {
    super('ERR_CONTROL_MISMATCH', message, { field: 'control', ...options });
  }
}

/** An OAuth signature does not verify. */
export class SignatureInvalidError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_SIGNATURE_INVALID';
  /**
   * The URL the signature was checked against (as the verifier saw it, or `options.url`), when
   * known. Compare it with the URL the client signed: behind a proxy they often differ.
   */
  readonly url: string | undefined;
  /**
   * @param message which signature failed (never the expected value)
   * @param options `url`: the URL the signature was checked against
   */
  constructor(message = 'oauth_signature does not verify', options?: PaysigErrorOptions & { url?: string }) {
    const { url, ...rest } = options ?? {};
    super('ERR_SIGNATURE_INVALID', message, { field: 'oauth_signature', ...rest });
    this.url = url;
  }
}
