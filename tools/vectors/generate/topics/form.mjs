// Generator topic form.json: application/x-www-form-urlencoded bodies both ways.
// Interface: see generate.mjs.
import { assemble, compute, formFormat, formParse, vectorFile } from '../support.mjs';

export async function generate() {
  const parse = (id, description, body, expectError) => ({
    id,
    description,
    source: 'R-WHATWG-FORM; R-5849-3.4.1.3.1',
    operation: 'parse',
    body,
    ...(expectError ? { expectError } : {}),
  });
  const format = (id, description, pairs) => ({ id, description, source: 'R-5849-3.6', operation: 'format', pairs });
  // biome-ignore format: a table, one case per line
  const defs = [
    parse('parse-simple', 'two pairs', 'a=1&b=2'),
    parse('parse-duplicates', 'repeated names are all kept, in order', 'a=1&a=2&a=3'),
    parse('parse-order-kept', 'pairs keep the order of the body (no sorting)', 'b=2&a=1&c=3'),
    parse('parse-plus-is-space', 'a plus sign in a form body is a space', 'q=b+c&r+s=t'),
    parse('parse-escaped-plus', '%2B is a literal plus sign', 'a=%2B1'),
    parse('parse-empty-values', 'names with empty values are kept', 'a=&b='),
    parse('parse-name-without-equals', 'a segment without = is a name with an empty value', 'a&b=1'),
    parse('parse-empty-segments', 'empty segments are skipped', 'a=1&&b=2'),
    parse('parse-leading-trailing-ampersand', 'leading and trailing & are skipped', '&a=1&'),
    parse('parse-empty-name', 'an empty name is kept', '=1'),
    parse('parse-equals-in-value', 'only the first = separates name and value', 'a=1=2'),
    parse('parse-semicolon-not-separator', 'a semicolon is data, not a separator', 'a=1;b=2'),
    parse('parse-utf8', 'escaped UTF-8 in names and values', '%E2%82%AC=%F0%9F%98%80'),
    parse('parse-escaped-reserved', 'escaped & and = are data', 'a%26b=c%3Dd'),
    parse('parse-empty-body', 'an empty body has no pairs', ''),
    parse('parse-bad-escape', 'a malformed escape is refused', 'a=%ZZ', 'ERR_ENCODING'),
    parse('parse-invalid-utf8', 'escapes that are not UTF-8 are refused', 'a=%FF', 'ERR_ENCODING'),
    format('format-space', 'a space is written %20, never +', [['a', 'b c']]),
    format('format-plus', 'a plus sign is written %2B', [['a', '+']]),
    format('format-rfc3986', "! * ' ( ) are escaped, ~ is not", [["!*'()", '~']]),
    format('format-duplicates-order', 'duplicates and order are kept', [['b', '2'], ['a', '1'], ['b', '3']]),
    format('format-empty-value', 'an empty value gives name=', [['a', ''], ['b', '']]),
    format('format-reserved', 'reserved characters in names and values are escaped', [['a&b', 'c=d/e?f']]),
    format('format-utf8', 'UTF-8, including a non-BMP character', [['€', '😀']]),
    format('format-no-pairs', 'no pairs give the empty body', []),
  ];
  const results = compute(defs, {
    task: (d) => (d.operation === 'parse' ? 'formParse' : 'formFormat'),
    fns: { formParse: (d) => formParse(d.body), formFormat: (d) => formFormat(d.pairs) },
    py: (d) => (d.operation === 'parse' ? d.body : d.pairs),
  });
  return vectorFile(
    'form',
    'application/x-www-form-urlencoded as ordered pairs: parse (duplicates and order kept, + is a space, a segment without = has an empty value, empty segments skipped, strict escapes) and format (RFC 3986 escapes, never +).',
    assemble(defs, results, (ok, d) => (d.operation === 'parse' ? { pairs: ok } : { body: ok })),
  );
}
