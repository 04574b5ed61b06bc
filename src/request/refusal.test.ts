// The refusal helpers of the framework wrappers, called directly: the status, headers and body of
// a refused request after the client's Accept, and the options checks run when a wrapper is
// created (null, a value that is not an object, an object without the function or key).
import { describe, expect, it } from 'vitest';
import { HttpMethodNotAllowedError, InvalidInputError } from '../errors/index.js';
import { withVerifiedCallback } from '../verifier/fetch.js';
import { checkCallbackOptions, refusalOf } from './refusal.js';
import { thrown } from '../../test/helpers/refusal.js';

const JSON_TYPE = 'application/vnd.pay+json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

describe('refusalOf', () => {
  const bad = () => new InvalidInputError('bad', { field: 'amount' });

  it('answers in JSON when Accept negotiates it, never to be cached', () => {
    expect(refusalOf(bad(), JSON_TYPE)).toEqual({
      status: 400,
      headers: { 'content-type': `${JSON_TYPE}; charset=utf-8`, 'cache-control': 'no-store' },
      body: '{"type":"validation-error","error-message":"bad","error-code":"ERR_INVALID_INPUT"}',
    });
  });

  it.each([null, '*/*', FORM_TYPE])('answers Accept %j with the form-encoded default, never to be cached', (accept) => {
    expect(refusalOf(bad(), accept)).toEqual({
      status: 400,
      headers: { 'content-type': `${FORM_TYPE}; charset=utf-8`, 'cache-control': 'no-store' },
      body: 'type=validation-error&error-message=bad&error-code=ERR_INVALID_INPUT',
    });
  });

  it.each(['text/html', `${JSON_TYPE};q=0, ${FORM_TYPE};q=0`, '*/*,'.padEnd(5000, ' ')])(
    'an Accept that allows neither format (%#: 406 or too long) still gets the form-encoded default',
    (accept) => {
      const r = refusalOf(bad(), accept);
      expect(r.headers).toEqual({ 'content-type': `${FORM_TYPE}; charset=utf-8`, 'cache-control': 'no-store' });
      expect(r.body).toBe('type=validation-error&error-message=bad&error-code=ERR_INVALID_INPUT');
    },
  );

  it('a 405 carries Allow, and its type is error', () => {
    const r = refusalOf(new HttpMethodNotAllowedError('POST', 'method must be POST, got "GET"'), FORM_TYPE);
    expect(r.status).toBe(405);
    expect(r.headers).toEqual({
      'content-type': `${FORM_TYPE}; charset=utf-8`,
      'cache-control': 'no-store',
      allow: 'POST',
    });
    expect(r.body).toBe(
      'type=error&error-message=method%20must%20be%20POST%2C%20got%20%22GET%22&error-code=ERR_METHOD_NOT_ALLOWED',
    );
  });
});

describe('checkCallbackOptions, as withVerifiedCallback runs it when created', () => {
  const handler = () => new Response('OK');
  const fnWithKey = Object.assign(() => undefined, { controlKey: 'K' });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'K'],
    ['no controlKey', {}],
    ['an empty controlKey', { controlKey: '' }],
    ['a controlKey that is not a string', { controlKey: 42 }],
    ['a function carrying a controlKey', fnWithKey],
  ])('%s is ERR_CONFIGURATION on controlKey, naming the factory', (_what, options) => {
    const e = thrown(() => withVerifiedCallback(options as never, handler));
    expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'controlKey' });
    expect(e.message).toBe('withVerifiedCallback needs options with a non-empty controlKey');
    const direct = thrown(() => checkCallbackOptions(options, 'createCallbackMiddleware'));
    expect(direct.message).toBe('createCallbackMiddleware needs options with a non-empty controlKey');
  });

  it('a non-empty controlKey passes', () => {
    expect(typeof withVerifiedCallback({ controlKey: 'K' }, handler)).toBe('function');
  });
});
