// Accept negotiation. Expected formats come from the RFC 9110 rules written out per case, and,
// for random well-formed headers, from `negotiator` (the Accept parser Express and Koa use), an
// independent implementation of the same precedence rules.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../errors/handling.js';
import { MediaTypeError, NotAcceptableError } from '../errors/index.js';
import { assertAcceptMode, MAX_ACCEPT_LENGTH, MAX_ACCEPT_RANGES, negotiateAccept } from './accept.js';
import { thrown } from '../../test/helpers/refusal.js';

const { preferredMediaTypes } = createRequire(import.meta.url)('negotiator/lib/mediaType.js') as {
  preferredMediaTypes: (accept: string | undefined, provided: string[]) => string[];
};
const JSON_TYPE = 'application/vnd.pay+json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

describe('negotiateAccept (default: negotiate)', () => {
  const accepted: Array<[string | null, 'json' | 'form']> = [
    [null, 'form'],
    ['*/*', 'form'],
    ['application/*', 'form'],
    [JSON_TYPE, 'json'],
    ['Application/VND.Pay+JSON', 'json'],
    [`${JSON_TYPE};q=0.5`, 'json'],
    [`  ${JSON_TYPE} ; q=0.5 ,*/*;q=0.1`, 'json'],
    [`*/*, ${JSON_TYPE}`, 'json'], // equal weight, the exact range is more specific
    [`${JSON_TYPE};q=0.4, */*;q=0.5`, 'form'], // the form type takes */*'s 0.5
    [`${FORM_TYPE}, ${JSON_TYPE}`, 'form'], // equal weight and specificity: first in the header
    [`${JSON_TYPE}, ${FORM_TYPE}`, 'json'],
    [`${JSON_TYPE};charset=utf-8`, 'json'], // parameters other than q do not restrict
    [`${JSON_TYPE};q=1;ext=x`, 'json'], // parameters after q are ignored
    [`${JSON_TYPE};q=0, */*`, 'form'], // the exact range excludes JSON; */* still allows form
    ['text/html, */*;q=0.1', 'form'], // a browser
    ['text/html;q=2, */*;q=0.001', 'form'], // malformed q: that element is ignored
    [`${JSON_TYPE};q=0.5555`, 'form'], // the only element is malformed: as if absent
    ['garbage', 'form'],
    ['', 'form'],
    [' , ,', 'form'],
    [`${JSON_TYPE};profile="a,b;q=0"`, 'json'], // commas and semicolons inside quotes
  ];
  it.each(accepted)('Accept %j -> %s', (header, format) => {
    expect(negotiateAccept(header)).toBe(format);
  });

  const refused: string[] = [
    'text/html',
    'application/json',
    `${JSON_TYPE};q=0`,
    '*/*;q=0',
    'application/*;q=0.000',
    `${JSON_TYPE};q=0, ${FORM_TYPE};q=0, text/html`,
    `*/*;q=0, text/*`,
    `${JSON_TYPE};q=0, ${FORM_TYPE};q=0, */*`, // the exact ranges decide, not */*
  ];
  it.each(refused)('Accept %j -> ERR_NOT_ACCEPTABLE (406)', (header) => {
    const e = thrown(() => negotiateAccept(header));
    expect(e).toBeInstanceOf(NotAcceptableError);
    expect(e).toMatchObject({ code: 'ERR_NOT_ACCEPTABLE', field: 'Accept' });
    expect(httpStatusOf(e)).toBe(406);
    expect(e.message).toContain(JSON_TYPE);
  });

  it('bounds the work: long headers and too many ranges are ERR_MEDIA_TYPE', () => {
    const long = thrown(() => negotiateAccept('*/*;' + ' '.repeat(MAX_ACCEPT_LENGTH)));
    expect(long).toBeInstanceOf(MediaTypeError);
    const many = thrown(() =>
      negotiateAccept(Array.from({ length: MAX_ACCEPT_RANGES + 1 }, () => 'text/plain').join(',')),
    );
    expect(many).toBeInstanceOf(MediaTypeError);
    expect(httpStatusOf(many)).toBe(400);
    expect(negotiateAccept(Array.from({ length: MAX_ACCEPT_RANGES }, () => '*/*').join(','))).toBe('form');
  });

  it('agrees with negotiator on random well-formed headers', () => {
    const RANGES = ['*/*', 'application/*', JSON_TYPE, FORM_TYPE, 'text/html', 'text/*', 'application/json'];
    const caseOf = (s: string, upper: boolean[]) =>
      [...s].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
    const element = fc.record({
      q: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
      upper: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      ows: fc.constantFrom('', ' ', '\t', '  '),
    });
    const header = fc
      .uniqueArray(fc.constantFrom(...RANGES), { minLength: 1, maxLength: RANGES.length })
      .chain((names) =>
        fc.tuple(fc.constant(names), fc.array(element, { minLength: names.length, maxLength: names.length })),
      )
      .map(([names, els]) =>
        names
          .map((n, i) => {
            const { q, upper, ows } = els[i]!;
            const weight =
              q === undefined ? '' : `${ows};${ows}q=${(q / 1000).toFixed(3).replace(/\.?0+$/, '') || '0'}`;
            return ows + caseOf(n, upper) + weight;
          })
          .join(`,`),
      );
    fc.assert(
      fc.property(header, (h) => {
        const ranked = preferredMediaTypes(h, [FORM_TYPE, JSON_TYPE]);
        if (ranked.length === 0) {
          expect(() => negotiateAccept(h)).toThrow(NotAcceptableError);
        } else {
          expect(negotiateAccept(h)).toBe(ranked[0] === JSON_TYPE ? 'json' : 'form');
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("negotiateAccept 'strict' (the specification's rule)", () => {
  it('accepts application/vnd.pay+json alone, in any case, with a non-zero q', () => {
    for (const h of [
      JSON_TYPE,
      'APPLICATION/vnd.pay+json',
      `${JSON_TYPE};q=0.5`,
      `${JSON_TYPE}, ${JSON_TYPE};charset=utf-8`,
    ]) {
      expect(negotiateAccept(h, 'strict')).toBe('json');
    }
  });

  it.each([null, '*/*', 'application/*', `${JSON_TYPE}, */*`, `${JSON_TYPE};q=0`, 'text/html', '', `${JSON_TYPE};q=x`])(
    'refuses %j with ERR_MEDIA_TYPE naming the option',
    (h) => {
      const e = thrown(() => negotiateAccept(h, 'strict'));
      expect(e).toBeInstanceOf(MediaTypeError);
      expect(e).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Accept' });
      expect(e.message).toContain("accept: 'strict'");
      expect(httpStatusOf(e)).toBe(400);
    },
  );
});

// Cases written out from RFC 9110: section 5.6.1 (empty list elements are ignored), 5.6.4
// (quoted-string and its backslash escapes), 5.6.6 (parameters), 12.4.2 (qvalue) and 12.5.1
// (the most specific range decides; one range per type and weight).
describe('negotiateAccept: list syntax, weights and precedence', () => {
  it.each<[string | undefined, 'json' | 'form']>([
    [undefined, 'form'], // a missing header, as a Headers-less adapter passes it
    [`text/html;p="a", ${JSON_TYPE}`, 'json'], // the quoted string ends before the comma
    [`text/html;p="\\"", ${JSON_TYPE}`, 'json'], // an escaped quote does not end it
    [`text/html;p="\\\\", ${JSON_TYPE}`, 'json'], // an escaped backslash does not escape the quote
    [`${JSON_TYPE} x`, 'form'], // junk after the range: malformed, ignored, as if absent
    [`${JSON_TYPE};q=0;q=1`, 'form'], // two weights: malformed, ignored
    [`${JSON_TYPE};q=1;q=0`, 'form'],
    [`${JSON_TYPE};q="1"`, 'form'], // a quoted weight is no qvalue
    ['*/foo;q=0', 'form'], // */subtype is no media range: ignored, so nothing excludes form
    [`${JSON_TYPE};q=0.1, ${JSON_TYPE};q=0.9, ${FORM_TYPE};q=0.5`, 'json'], // same range twice: the higher weight
    [`${JSON_TYPE};q=0.9, ${JSON_TYPE};q=0.1, ${FORM_TYPE};q=0.5`, 'json'],
    [`${JSON_TYPE};q=0.5, ${FORM_TYPE};q=0.5, ${JSON_TYPE};q=0.5`, 'json'], // a tie keeps the first range
    [`${FORM_TYPE};q=0.5, ${JSON_TYPE};q=0.5, ${FORM_TYPE};q=0.5`, 'form'],
    [`${FORM_TYPE};q=0.5, ${JSON_TYPE};q=0.6`, 'json'], // the weight decides before the order
    [`${JSON_TYPE};q=0.5, ${FORM_TYPE};q=0.6`, 'form'],
    [`application/*, ${JSON_TYPE}`, 'json'], // equal weights: the more specific range decides
    [`${FORM_TYPE}, application/*`, 'form'],
    [`application/*, */*;q=0.5`, 'form'], // one range decides both formats: form
  ])('Accept %j -> %s', (header, format) => {
    expect(negotiateAccept(header)).toBe(format);
    expect(negotiateAccept(header, 'negotiate')).toBe(format);
  });

  it('drops empty list elements before counting ranges', () => {
    const max = Array.from({ length: MAX_ACCEPT_RANGES }, () => JSON_TYPE).join(', , ');
    expect(negotiateAccept(`, ${max},  ,`)).toBe('json');
    expect(negotiateAccept(`${JSON_TYPE}, ,\t,`, 'strict')).toBe('json');
  });

  it('names the bound that was exceeded', () => {
    const tooMany = thrown(() => negotiateAccept(Array.from({ length: MAX_ACCEPT_RANGES + 1 }, () => '*/*').join(',')));
    expect(tooMany).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Accept' });
    expect(tooMany.message).toBe(`Accept lists more than ${MAX_ACCEPT_RANGES} media ranges`);
    expect(negotiateAccept('*/*;q=0.5,'.padEnd(MAX_ACCEPT_LENGTH, ' '))).toBe('form'); // at the bound
    const long = thrown(() => negotiateAccept('*/*,'.padEnd(MAX_ACCEPT_LENGTH + 1, ' ')));
    expect(long).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Accept' });
    expect(long.message).toBe(`Accept is longer than ${MAX_ACCEPT_LENGTH} characters`);
    const strictLong = thrown(() => negotiateAccept(JSON_TYPE.padEnd(MAX_ACCEPT_LENGTH + 1, ' '), 'strict'));
    expect(strictLong.message).toBe(`Accept is longer than ${MAX_ACCEPT_LENGTH} characters`);
  });

  it('quotes the refused header in the message, cut after 100 characters', () => {
    const at100 = `text/html;p=${'x'.repeat(100 - 'text/html;p='.length)}`;
    expect(at100).toHaveLength(100);
    expect(thrown(() => negotiateAccept(at100)).message).toBe(
      `Accept "${at100}" excludes both response formats: send Accept: ${JSON_TYPE} (JSON), ${FORM_TYPE} (form) or */*`,
    );
    const at101 = `${at100}y`;
    expect(thrown(() => negotiateAccept(at101)).message).toBe(
      `Accept "${at100}..." excludes both response formats: send Accept: ${JSON_TYPE} (JSON), ${FORM_TYPE} (form) or */*`,
    );
    const strict = thrown(() => negotiateAccept('text/html', 'strict'));
    expect(strict.message).toBe(
      `Accept "text/html" refused: verifyRequest option accept: 'strict' requires Accept: ${JSON_TYPE} (the default, accept: 'negotiate', also accepts */*)`,
    );
  });
});

describe("negotiateAccept 'strict': what counts as the JSON type", () => {
  it.each([undefined, `text/vnd.pay+json`, `application/json`, `${JSON_TYPE}, x`, `${JSON_TYPE}, ${JSON_TYPE};q=0`])(
    'refuses %j',
    (h) => {
      const e = thrown(() => negotiateAccept(h, 'strict'));
      expect(e).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Accept' });
      expect(e.message).toContain(h === undefined ? 'missing Accept' : `Accept ${JSON.stringify(h)} refused`);
    },
  );
});

describe('the accept option itself', () => {
  it.each(['Strict', 'NEGOTIATE', 'lenient', '', null, 1])(
    'refuses %j rather than fall back to negotiation',
    (mode) => {
      expect(() => assertAcceptMode(mode)).toThrowError(
        expect.objectContaining({
          code: 'ERR_CONFIGURATION',
          field: 'accept',
          message: expect.stringMatching(/option "accept" must be 'negotiate' or 'strict', got /),
        }),
      );
    },
  );
});

describe('empty parameters', () => {
  it.each([
    ['application/vnd.pay+json;', 'json'],
    ['application/vnd.pay+json; ;q=1, */*;q=0.5', 'json'],
    ['text/html;;, application/x-www-form-urlencoded;', 'form'],
  ] as const)(
    '%j: a bare ";" (RFC 9110 allows an empty parameter list) is skipped, never a crash',
    (header, format) => {
      expect(negotiateAccept(header)).toBe(format);
    },
  );
});
