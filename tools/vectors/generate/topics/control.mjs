// Generator topic control.json: control digests of every formula, amounts, endpoint ids, refusals.
// Interface: see generate.mjs.
import { assemble, compute, controlNaive, mustEqual, resultOf, vectorFile } from '../support.mjs';
import { CB_KEY } from '../requests.mjs';

export async function generate() {
  const c = (id, description, source, formula, fields, extra = {}) => ({
    id,
    description,
    source,
    formula,
    fields,
    controlKey: CB_KEY,
    ...extra,
  });
  const cb = { endpointId: '1111', client_orderid: '902B4FF5', email: 'john.smith@gmail.com' };
  const lg = { login: 'merchantlogin', client_orderid: 'inv-0001' };
  const bad = (id, amount, description) =>
    c(id, description, 'D-AMOUNT-MINOR', 'C-B', { ...cb, amount }, { expectError: 'ERR_INVALID_AMOUNT' });
  // biome-ignore format: a table, one case per line
  const defs = [
    c('c-b-published-example', 'the published worked example (its concatenation is printed in the documentation)', 'D-CB-EXAMPLE', 'C-B', { ...cb, amount: '10.42' }),
    c('c-a-void', 'C-A: login + client_orderid + orderid', 'S-FORMULAS; S-OP-VOID', 'C-A', { ...lg, orderid: '902541' }),
    c('c-a-3ds-upload', 'C-A on a 3DS upload: the client-order-id value is the client_orderid term', 'S-FORMULAS; S-CONTROL-TDS', 'C-A', { login: 'merchantlogin', client_orderid: 'tds-77', orderid: '1000001' }),
    c('c-b-float-trap-0-29', '0.29 is 29 minor units (0.29 * 100 is 28.999999999999996 in floating point)', 'D-AMOUNT-MINOR', 'C-B', { ...cb, amount: '0.29' }),
    c('c-b-float-trap-0-94', '0.94 is 94 minor units', 'D-AMOUNT-MINOR', 'C-B', { ...cb, amount: '0.94' }),
    c('c-b-float-trap-10-15', '10.15 is 1015 minor units', 'D-AMOUNT-MINOR', 'C-B', { ...cb, amount: '10.15' }),
    c('c-b-float-trap-1-15', '1.15 is 115 minor units (1.15 * 100 is 114.99999999999999 in floating point)', 'P-TRAP', 'C-B', { ...cb, amount: '1.15' }),
    c('c-b-float-trap-4-35', '4.35 is 435 minor units (4.35 * 100 is 434.99999999999994 in floating point)', 'P-TRAP', 'C-B', { ...cb, amount: '4.35' }),
    c('c-b-float-trap-8-20', '8.20 is 820 minor units (8.2 * 100 is 819.9999999999999 in floating point)', 'P-TRAP', 'C-B', { ...cb, amount: '8.20' }),
    c('c-b-float-trap-19-99', '19.99 is 1999 minor units', 'P-TRAP', 'C-B', { ...cb, amount: '19.99' }),
    c('c-b-float-trap-0-07', '0.07 is 7 minor units', 'P-TRAP', 'C-B', { ...cb, amount: '0.07' }),
    c('c-b-whole-amount', '"10" is 1000 minor units', 'S-CONTROL-MINOR', 'C-B', { ...cb, amount: '10' }),
    c('c-b-one-fraction-digit', '"10.5" is 1050 minor units', 'P-TRAP', 'C-B', { ...cb, amount: '10.5' }),
    c('c-b-trailing-zero', '"10.420" is accepted as 1042: the extra fraction digit is zero', 'P-TRAP', 'C-B', { ...cb, amount: '10.420' }),
    c('c-b-leading-zeros', '"007.50" is 750: leading zeros do not reach the formula', 'P-TRAP', 'C-B', { ...cb, amount: '007.50' }),
    c('c-b-zero', '"0.00" is 0', 'P-TRAP', 'C-B', { ...cb, amount: '0.00' }),
    c('c-b-int64-max', 'the largest amount whose minor units fit int64', 'P-INT64-TERMS', 'C-B', { ...cb, amount: '92233720368547758.07' }),
    c('c-b-exponent-3', 'exponent 3 (KWD-like): "1.005" is 1005', 'P-TRAP', 'C-B', { ...cb, amount: '1.005' }, { exponent: 3 }),
    c('c-b-exponent-0', 'exponent 0 (JPY-like): "500" is 500', 'P-TRAP', 'C-B', { ...cb, amount: '500' }, { exponent: 0 }),
    c('c-b-group-id', 'on a /group/{endpointGroupId} path the group id takes the endpoint term', 'D-GROUP-ID', 'C-B', { endpointGroupId: '2222', client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' }),
    c('c-b-unicode-email', 'non-ASCII text is hashed as UTF-8', 'P-TRAP', 'C-B', { ...cb, email: 'jöhn.smïth@exämple.com', amount: '1.00' }),
    c('c-c-account-verification', 'C-C: endpointId + client_orderid + email', 'S-FORMULAS', 'C-C', { ...cb }),
    c('c-c-group-id', 'C-C with an endpoint group id', 'D-GROUP-ID', 'C-C', { endpointGroupId: '2222', client_orderid: '902B4FF5', email: 'john.smith@gmail.com' }),
    c('c-d-capture-partial', 'C-D with amount and currency (partial capture)', 'S-FORMULAS; S-STAGE-CAPTURE', 'C-D', { ...lg, orderid: '902541', amount: '5.25', currency: 'EUR' }),
    c('c-d-without-amount', 'C-D without amount and currency: both terms are empty strings', 'D-PAIR-EMPTY', 'C-D', { ...lg, orderid: '902541' }),
    c('c-e-rebill', 'C-E with amount and currency', 'S-FORMULAS', 'C-E', { ...lg, cardrefid: 'ref-12345', amount: '99.99', currency: 'USD' }),
    c('c-e-without-amount', 'C-E without amount and currency: both terms are empty strings', 'P-PAIR-OPTIONAL', 'C-E', { ...lg, cardrefid: 'ref-12345' }),
    c('c-s-with-orderid', 'C-S: login + client_orderid + orderid', 'S-FORMULAS', 'C-S', { ...lg, orderid: '902541' }),
    c('c-s-without-orderid', 'C-S without orderid: the term is an empty string', 'S-CONTROL-STATUS', 'C-S', { ...lg }),
    c('card-info', 'CARD-INFO: login + cardrefid', 'D-CARD-INFO', 'CARD-INFO', { login: 'merchantlogin', cardrefid: 'ref-12345' }),
    c('transfer-by-ref', 'TRANSFER-BY-REF: login + client_orderid + source-card-ref-id + destination-card-ref-id + amount + currency', 'K-TRANSFER-BY-REF; D-TRANSFER-BY-REF', 'TRANSFER-BY-REF', { ...lg, 'source-card-ref-id': 'ref-1', 'destination-card-ref-id': 'ref-2', amount: '12.34', currency: 'EUR' }),
    c('transfer-by-ref-without-source', 'TRANSFER-BY-REF without source-card-ref-id: its term is an empty string', 'K-TRANSFER-BY-REF', 'TRANSFER-BY-REF', { ...lg, 'destination-card-ref-id': 'ref-2', amount: '12.34', currency: 'EUR' }),
    c('c-s-empty-orderid', 'C-S with orderid "": the same as absent, an empty term', 'S-CONTROL-STATUS; P-EMPTY-IS-MISSING', 'C-S', { ...lg, orderid: '' }),
    c('c-d-empty-amount-and-currency', 'C-D with amount and currency both "": the same as absent, two empty terms', 'D-PAIR-EMPTY; P-EMPTY-IS-MISSING', 'C-D', { ...lg, orderid: '902541', amount: '', currency: '' }),
    c('callback', 'CALLBACK: status + orderid + client_orderid', 'D-CALLBACK', 'CALLBACK', { status: 'approved', orderid: '902541', client_orderid: 'inv-0001' }),
    c('redirect', 'REDIRECT: status + orderid + client_orderid', 'D-REDIRECT', 'REDIRECT', { status: 'declined', orderid: '902541', client_orderid: 'inv-0001' }),
    c('c-a-unicode-non-bmp', 'a non-BMP character in a term is hashed as its 4 UTF-8 bytes', 'P-TRAP', 'C-A', { login: 'märchant', client_orderid: 'order-😀', orderid: '1' }),
    c('amount-without-currency', 'C-D: amount given without currency is refused', 'D-PAIR-EMPTY', 'C-D', { ...lg, orderid: '902541', amount: '5.25' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('currency-without-amount', 'C-E: currency given without amount is refused', 'D-PAIR-EMPTY; P-PAIR-OPTIONAL', 'C-E', { ...lg, cardrefid: 'ref-1', currency: 'EUR' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('empty-orderid-c-a', 'C-A with orderid "": a term the formula needs may not be empty', 'S-FORMULAS; P-EMPTY-IS-MISSING', 'C-A', { ...lg, orderid: '' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('empty-login-c-a', 'C-A with login "": refused', 'S-FORMULAS; P-EMPTY-IS-MISSING', 'C-A', { ...lg, login: '', orderid: '1' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('empty-currency-with-amount', 'C-D with an amount and currency "": currency goes with amount, and empty is absent', 'D-PAIR-EMPTY; P-EMPTY-IS-MISSING', 'C-D', { ...lg, orderid: '902541', amount: '5.25', currency: '' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('empty-destination-card-ref', 'TRANSFER-BY-REF with destination-card-ref-id "": refused', 'K-TRANSFER-BY-REF; P-EMPTY-IS-MISSING', 'TRANSFER-BY-REF', { ...lg, 'destination-card-ref-id': '', amount: '1.00', currency: 'EUR' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-email', 'C-B without email: a required term is missing', 'S-FORMULAS', 'C-B', { endpointId: '1111', client_orderid: '902B4FF5', amount: '10.42' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-login', 'C-A without login', 'S-FORMULAS', 'C-A', { client_orderid: 'inv-0001', orderid: '1' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-orderid-c-d', 'C-D without orderid (only C-S may leave it out)', 'S-FORMULAS', 'C-D', { ...lg }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-endpoint', 'C-C without endpointId or group id', 'S-FORMULAS', 'C-C', { client_orderid: '902B4FF5', email: 'a@b.c' }, { expectError: 'ERR_MISSING_FIELD' }),
    bad('amount-negative', '-1', 'a negative amount is refused'),
    c('amount-empty', 'an empty amount is refused as missing ("" counts as absent)', 'P-EMPTY-IS-MISSING', 'C-B', { ...cb, amount: '' }, { expectError: 'ERR_MISSING_FIELD' }),
    bad('amount-exponent-form', '1e3', 'exponent notation ("1e3") is refused'),
    bad('amount-hex', '0x10', 'hexadecimal is refused'),
    bad('amount-too-many-digits', '10.425', 'more fraction digits than the currency has (not zeros) is refused, never rounded'),
    bad('amount-nan', 'NaN', '"NaN" is refused'),
    bad('amount-beyond-int64', '92233720368547758.08', 'minor units beyond int64 are refused'),
    bad('amount-leading-space', ' 10', 'whitespace is refused (trim before signing)'),
    bad('amount-trailing-dot', '10.', 'a dot without fraction digits is refused'),
    bad('amount-leading-dot', '.5', 'a fraction without whole digits is refused'),
    bad('amount-comma', '10,42', 'a decimal comma is refused'),
    c('amount-exponent-0-fraction', 'exponent 0: "10.5" has a fraction the currency cannot hold', 'P-TRAP', 'C-B', { ...cb, amount: '10.5' }, { exponent: 0, expectError: 'ERR_INVALID_AMOUNT' }),
    c('endpoint-negative', 'a negative endpointId is refused', 'S-ENDPOINT-INT64', 'C-B', { ...cb, endpointId: '-5', amount: '1.00' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-not-digits', 'an endpointId that is not digits is refused', 'S-ENDPOINT-INT64', 'C-B', { ...cb, endpointId: '12a', amount: '1.00' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-leading-zero', 'an endpointId with a leading zero is refused (the path and the digest must agree)', 'P-TRAP', 'C-C', { ...cb, endpointId: '01111' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-beyond-int64', 'an endpointId beyond int64 is refused', 'S-ENDPOINT-INT64', 'C-C', { ...cb, endpointId: '9223372036854775808' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-and-group', 'endpointId and endpointGroupId together are refused', 'P-TRAP', 'C-C', { ...cb, endpointGroupId: '2222' }, { expectError: 'ERR_INVALID_INPUT' }),
  ];
  const results = compute(defs, {
    task: () => 'control',
    fns: { control: controlNaive },
    // an undefined exponent is left out of the JSON: oracle.py's default, 2
    py: (d) => ({ formula: d.formula, fields: d.fields, controlKey: d.controlKey, exponent: d.exponent }),
  });
  mustEqual(
    'published C-B concatenation',
    resultOf(defs, results, 'c-b-published-example').concatenation,
    '1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20',
  );
  return vectorFile(
    'control',
    "SHA-1 control digests: the formula's terms concatenated with no separator, the merchant control key last, lowercase hex. `concatenation` is the exact string hashed, control key included (as the documentation prints it). Amounts are converted to minor units from the decimal string (exponent default 2). endpointId and endpointGroupId are given as decimal strings.",
    assemble(defs, results, (ok) => ({ concatenation: ok.concatenation, control: ok.control })),
  );
}
