/**
 * What each error says and which field it names when paysig throws it with its defaults: the
 * text an operator reads in a log, and the `field` a server copies into its JSON refusal.
 */
import { describe, expect, it } from 'vitest';
import {
  BodyConsumedError,
  ControlMismatchError,
  HttpMethodNotAllowedError,
  KeyTooLargeError,
  NonceReplayedError,
  SignatureInvalidError,
  UnknownConsumerError,
  UnknownMerchantError,
  WeakKeyError,
} from '../src/errors/index.js';

describe('default messages and fields', () => {
  it.each([
    [() => new UnknownMerchantError(), 'ERR_UNKNOWN_MERCHANT', 'unknown merchant', undefined],
    [() => new HttpMethodNotAllowedError('POST'), 'ERR_METHOD_NOT_ALLOWED', 'method not allowed: use POST', 'method'],
    [() => new BodyConsumedError(), 'ERR_BODY_CONSUMED', 'the request body was already read', 'body'],
    [() => new ControlMismatchError(), 'ERR_CONTROL_MISMATCH', 'control digest does not match', 'control'],
    [() => new SignatureInvalidError(), 'ERR_SIGNATURE_INVALID', 'oauth_signature does not verify', 'oauth_signature'],
    [() => new UnknownConsumerError(), 'ERR_OAUTH_UNKNOWN_CONSUMER', 'unknown consumer', 'oauth_consumer_key'],
    [() => new NonceReplayedError(), 'ERR_OAUTH_NONCE_REPLAYED', 'oauth_nonce was already used', 'oauth_nonce'],
  ] as const)('%s', (make, code, message, field) => {
    // Built inside the test, so mutation testing counts this test as covering the constructor.
    const error = make();
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.field).toBe(field);
  });

  it('a field given by the caller wins over the default one', () => {
    expect(new NonceReplayedError(undefined, { field: 'nonce' }).field).toBe('nonce');
    expect(new ControlMismatchError('x', { field: 'c' }).field).toBe('c');
    expect(new BodyConsumedError('x', { field: 'b' }).field).toBe('b');
  });

  it('key size errors say the size and the accepted range', () => {
    expect(new WeakKeyError(1024).message).toBe('RSA key of 1024 bits refused: at least 2048 bits are required');
    expect(new KeyTooLargeError(16384, 8192).message).toMatch(
      /^RSA key of 16384 bits refused: at most 8192 bits are accepted; use a key of 2048 to 8192 bits/,
    );
  });
});
