// The duplicate-name and login checks verifyRequest runs on what it verified, called directly.
import { describe, expect, it } from 'vitest';
import { checkLoginIsConsumer } from '../schemes/oauth/request.js';
import { refuseDuplicates, type SignedParam, signedParamsOf } from './signed.js';
import { thrown } from '../../test/helpers/refusal.js';

const params = (query: Array<[string, string]>, body: Array<[string, string]>): readonly SignedParam[] =>
  signedParamsOf(query, body);

describe('refuseDuplicates', () => {
  it('accepts distinct names, and leaves oauth_* repeats to the OAuth verifier', () => {
    expect(() => refuseDuplicates(params([['a', '1']], [['b', '2']]))).not.toThrow();
    expect(() =>
      refuseDuplicates(
        params(
          [['oauth_nonce', 'n']],
          [
            ['oauth_nonce', 'n'],
            ['oauth_nonce', 'm'],
          ],
        ),
      ),
    ).not.toThrow();
  });

  it('a name not starting with oauth_ is checked even when it ends with it', () => {
    const e = thrown(() =>
      refuseDuplicates(
        params(
          [],
          [
            ['x_oauth_', '1'],
            ['x_oauth_', '2'],
          ],
        ),
      ),
    );
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'x_oauth_' });
  });

  it('names the parameter and says it came twice in the body', () => {
    const e = thrown(() =>
      refuseDuplicates(
        params(
          [],
          [
            ['amount', '1'],
            ['amount', '2'],
          ],
        ),
      ),
    );
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'amount' });
    expect(e.message).toBe('parameter "amount" appears twice in the body: send each parameter once');
  });

  it('says twice in the query, or in both the query and the body', () => {
    const q = thrown(() =>
      refuseDuplicates(
        params(
          [
            ['a', '1'],
            ['a', '2'],
          ],
          [],
        ),
      ),
    );
    expect(q.message).toBe('parameter "a" appears twice in the query: send each parameter once');
    const both = thrown(() => refuseDuplicates(params([['a', '1']], [['a', '2']])));
    expect(both.message).toBe('parameter "a" appears in both the query and the body: send each parameter once');
  });

  it('refuses the same way on either side of 32 parameters (compared in pairs below, through a Map above)', () => {
    for (const count of [4, 32, 33, 200]) {
      const distinct: Array<[string, string]> = Array.from({ length: count - 1 }, (_, i) => [`f${i}`, String(i)]);
      expect(() => refuseDuplicates(params([['q', '0']], distinct))).not.toThrow();
      expect(() =>
        refuseDuplicates(params([['oauth_nonce', 'n']], [...distinct.slice(1), ['oauth_nonce', 'n']])),
      ).not.toThrow();
      const body = thrown(() => refuseDuplicates(params([['q', '0']], [...distinct.slice(1), ['f1', 'again']])));
      expect([count, body.message, body.field]).toEqual([
        count,
        'parameter "f1" appears twice in the body: send each parameter once',
        'f1',
      ]);
      const both = thrown(() => refuseDuplicates(params([['f0', 'q']], distinct)));
      expect([count, both.message]).toEqual([
        count,
        'parameter "f0" appears in both the query and the body: send each parameter once',
      ]);
    }
  });

  it('shows at most 100 characters of a long name, in the message and the field', () => {
    const name = 'n'.repeat(100) + 'TAIL';
    const e = thrown(() =>
      refuseDuplicates(
        params(
          [],
          [
            [name, '1'],
            [name, '2'],
          ],
        ),
      ),
    );
    expect(e.field).toBe('n'.repeat(100));
    expect(e.message).toContain(`"${'n'.repeat(100)}"`);
    expect(e.message).not.toContain('TAIL');
  });
});

describe('checkLoginIsConsumer', () => {
  it('accepts a login equal to the consumer key, or none', () => {
    expect(() => checkLoginIsConsumer(params([], [['login', 'm1']]), 'm1')).not.toThrow();
    expect(() => checkLoginIsConsumer(params([['a', '1']], []), 'm1')).not.toThrow();
  });

  it('refuses another login, saying where it came from', () => {
    const body = thrown(() => checkLoginIsConsumer(params([], [['login', 'm2']]), 'm1'));
    expect(body).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'login' });
    expect(body.message).toMatch(/^the body "login" differs from oauth_consumer_key/);
    const query = thrown(() => checkLoginIsConsumer(params([['login', 'm2']], []), 'm1'));
    expect(query.message).toMatch(/^the query "login" differs from oauth_consumer_key/);
  });
});
