#!/usr/bin/env python3
"""Second oracle for paysig's golden vectors.

Reads one JSON request on stdin: {"<task>": [input, ...], ...}; writes {"<task>": [output, ...]}.
Each output is computed here with Python's standard library, oauthlib 3.2.x and the openssl CLI,
independently of paysig and of the generator's JavaScript reference. An input the rules refuse
gives {"error": "<paysig error code>"}. The generator compares every answer with its own.

Run by vectors/generate/generate.mjs with PAYSIG_PYTHON (a python3 that has oauthlib).
"""
import base64
import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal
from urllib.parse import quote, urlsplit, parse_qsl

from oauthlib.oauth1 import Client
from oauthlib.oauth1.rfc5849 import signature as oauth_sig
from oauthlib.oauth1.rfc5849 import utils as oauth_utils

UNRESERVED_OR_ESCAPE = re.compile(r'(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*')
BAD_ESCAPE = re.compile(r'%(?![0-9A-Fa-f]{2})')
INT64_MAX = 9223372036854775807


class Refused(Exception):
    """An input the rules refuse; its one argument is the paysig error code."""


def utf8(s):
    try:
        return s.encode('utf-8')
    except UnicodeEncodeError:
        raise Refused('ERR_ENCODING')


def pe(s):
    """RFC 3986 percent-encoding of the UTF-8 bytes; only A-Za-z0-9-._~ stay."""
    out = quote(utf8(s), safe='~')
    if not UNRESERVED_OR_ESCAPE.fullmatch(out):
        raise AssertionError('quote left a reserved character: %r' % out)
    return out


def pd(s, plus_is_space=False):
    """Strict percent-decoding: every % starts two hex digits; bytes must be UTF-8."""
    utf8(s)
    if BAD_ESCAPE.search(s):
        raise Refused('ERR_ENCODING')
    if plus_is_space:
        s = s.replace('+', ' ')
    raw = bytearray()
    i = 0
    while i < len(s):
        if s[i] == '%':
            raw.append(int(s[i + 1:i + 3], 16))
            i += 3
        else:
            raw += s[i].encode('utf-8')
            i += 1
    try:
        return bytes(raw).decode('utf-8', errors='strict')
    except UnicodeDecodeError:
        raise Refused('ERR_ENCODING')


def form_parse(body):
    # parse_qsl leaves malformed escapes as they are: check them first, then let it decode
    # strictly (errors='strict' refuses invalid UTF-8).
    if BAD_ESCAPE.search(body):
        raise Refused('ERR_ENCODING')
    utf8(body)
    try:
        pairs = parse_qsl(body, keep_blank_values=True, errors='strict')
    except UnicodeDecodeError:
        raise Refused('ERR_ENCODING')
    # cross-check with the strict decoder above
    segments = [seg.partition('=') for seg in body.split('&') if seg != '']
    mine = [(pd(name, True), pd(value, True)) for name, _, value in segments]
    if mine != pairs:
        raise AssertionError('parse_qsl and the strict decoder disagree on %r' % body)
    return [[n, v] for n, v in pairs]


def form_format(pairs):
    return '&'.join(pe(n) + '=' + pe(v) for n, v in pairs)


# ---- control digests: the formula table, written again from the documents ----
R, EMPTY, PAIR = 'required', 'empty', 'pair'
FORMULAS = {
    'C-A': [('login', R), ('client_orderid', R), ('orderid', R)],
    'C-B': [('endpointId', R), ('client_orderid', R), ('amount', R), ('email', R)],
    'C-C': [('endpointId', R), ('client_orderid', R), ('email', R)],
    'C-D': [('login', R), ('client_orderid', R), ('orderid', R), ('amount', PAIR), ('currency', PAIR)],
    'C-E': [('login', R), ('client_orderid', R), ('cardrefid', R), ('amount', PAIR), ('currency', PAIR)],
    'C-S': [('login', R), ('client_orderid', R), ('orderid', EMPTY)],
    'CARD-INFO': [('login', R), ('cardrefid', R)],
    'TRANSFER-BY-REF': [('login', R), ('client_orderid', R), ('source-card-ref-id', EMPTY),
                        ('destination-card-ref-id', R), ('amount', R), ('currency', R)],
    'CALLBACK': [('status', R), ('orderid', R), ('client_orderid', R)],
    'REDIRECT': [('status', R), ('orderid', R), ('client_orderid', R)],
}
AMOUNT = re.compile(r'([0-9]+)(?:\.([0-9]+))?')
ENDPOINT = re.compile(r'0|[1-9][0-9]*')


def minor_units(amount, exponent):
    m = AMOUNT.fullmatch(amount)
    if m is None:
        raise Refused('ERR_INVALID_AMOUNT')
    value = Decimal(amount).scaleb(exponent)
    if value != value.to_integral_value():
        raise Refused('ERR_INVALID_AMOUNT')
    n = int(value)
    if n > INT64_MAX:
        raise Refused('ERR_INVALID_AMOUNT')
    return str(n)


def endpoint(value):
    if not isinstance(value, str) or not ENDPOINT.fullmatch(value) or int(value) > INT64_MAX:
        raise Refused('ERR_INVALID_INPUT')
    return value


def control(case):
    fields = case['fields']
    exponent = case.get('exponent', 2)
    terms = FORMULAS[case['formula']]
    parts = []

    def has(n):  # an explicit '' counts as absent
        return fields.get(n, '') != ''
    if any(t == PAIR for _, t in terms) and has('amount') != has('currency'):
        raise Refused('ERR_INVALID_INPUT')
    for name, presence in terms:
        if name == 'endpointId':
            if 'endpointId' in fields and 'endpointGroupId' in fields:
                raise Refused('ERR_INVALID_INPUT')
            raw = fields.get('endpointGroupId', fields.get('endpointId'))
            value = None if raw is None else endpoint(raw)
        elif name == 'amount':
            value = minor_units(fields['amount'], exponent) if has('amount') else None
        else:
            value = fields[name] if has(name) else None
        if value is None:
            if presence == R:
                raise Refused('ERR_MISSING_FIELD')
            value = ''
        utf8(value)
        parts.append(value)
    concatenation = ''.join(parts) + case['controlKey']
    digest = hashlib.sha1(utf8(concatenation)).hexdigest()
    # the openssl CLI as a third opinion on SHA-1
    out = subprocess.run(['openssl', 'dgst', '-sha1', '-r'], input=utf8(concatenation),
                         capture_output=True, check=True).stdout.decode().split()[0]
    if out != digest:
        raise AssertionError('hashlib and openssl disagree')
    return {'concatenation': concatenation, 'control': digest}


# ---- OAuth 1.0a base strings (oauthlib) ----
def base_string(method, url, params):
    uri = oauth_sig.base_string_uri(url)
    query = urlsplit(url).query
    collected = oauth_sig.collect_parameters(uri_query=query, body=[], exclude_oauth_signature=True)
    # params are body and header oauth_* parameters; the header's realm is never passed in
    collected += [(n, v) for n, v in params if n != 'oauth_signature']
    for n, v in collected:
        utf8(n)
        utf8(v)
    normalized = oauth_sig.normalize_parameters(collected)
    return {
        'normalizedParameters': normalized,
        'baseString': oauth_sig.signature_base_string(method.upper(), uri, normalized),
    }


def hmac_sha1(case):
    key = pe(case['consumerSecret']) + '&' + pe(case['tokenSecret'])
    mac = hmac.new(key.encode('utf-8'), utf8(case['baseString']), hashlib.sha1).digest()
    sig = base64.b64encode(mac).decode('ascii')
    theirs = oauth_sig.sign_hmac_sha1(case['baseString'], case['consumerSecret'], case['tokenSecret'])
    if theirs != sig:
        raise AssertionError('oauthlib sign_hmac_sha1 disagrees')
    return {'key': key, 'signature': sig}


def key_check(path):
    """openssl's view of a private key file: refused codes as paysig names them."""
    if 'ENCRYPTED' in open(path).read():
        return 'ERR_KEY_INVALID'
    r = subprocess.run(['openssl', 'rsa', '-in', path, '-noout', '-text', '-passin', 'pass:'],
                       capture_output=True)
    if r.returncode != 0:
        return 'ERR_KEY_INVALID'
    m = re.search(r'Private-Key: \((\d+) bit', r.stdout.decode())
    if m is None:
        return 'ERR_KEY_INVALID'
    return 'ERR_KEY_TOO_SMALL' if int(m.group(1)) < 2048 else None


def rsa_sha256(case):
    code = key_check(case['privateKeyPath'])
    if code is not None:
        raise Refused(code)
    data = utf8(case['baseString'])
    sig = subprocess.run(['openssl', 'dgst', '-sha256', '-sign', case['privateKeyPath']], input=data,
                         capture_output=True, check=True).stdout
    pub = case.get('publicKeyPath')
    if pub:
        # openssl must also verify it with the public key file given (SPKI or PKCS#1 public)
        with tempfile.TemporaryDirectory() as tmp:
            sigpath = os.path.join(tmp, 'signature')
            with open(sigpath, 'wb') as f:
                f.write(sig)
            spki = pub
            if 'RSA PUBLIC KEY' in open(pub).read():
                # openssl dgst reads only SPKI: convert the PKCS#1 public key first
                spki = os.path.join(tmp, 'spki.pem')
                subprocess.run(['openssl', 'rsa', '-RSAPublicKey_in', '-in', pub, '-pubout', '-out', spki],
                               capture_output=True, check=True)
            v = subprocess.run(['openssl', 'dgst', '-sha256', '-verify', spki, '-signature', sigpath],
                               input=data, capture_output=True)
            if v.returncode != 0:
                raise AssertionError('openssl does not verify with ' + pub)
    return {'signature': base64.b64encode(sig).decode('ascii')}


def parse_header(value):
    assert value.startswith('OAuth ')
    out = {}
    for part in value[len('OAuth '):].split(', '):
        name, _, quoted = part.partition('=')
        assert quoted[0] == '"' and quoted[-1] == '"'
        out[name] = pd(quoted[1:-1])
    return out


def oauth_sign(case):
    """Full request signing: base string by oauthlib, signature by hmac or openssl (which also
    verifies an RSA signature with publicKeyPath when given), reached again by oauthlib's whole
    Client from the raw request, so an OAuth library reproduces the vector as it stands."""
    oauth = [('oauth_consumer_key', case['consumerKey']), ('oauth_nonce', case['nonce']),
             ('oauth_signature_method', case['signatureMethod']), ('oauth_timestamp', str(case['timestamp'])),
             ('oauth_version', '1.0')]
    if case.get('token') is not None:
        oauth.append(('oauth_token', case['token']))
    b = base_string(case['method'], case['url'], list(map(tuple, case['params'])) + oauth)
    if case['signatureMethod'] == 'HMAC-SHA1':
        s = hmac_sha1({'baseString': b['baseString'], 'consumerSecret': case['consumerSecret'],
                       'tokenSecret': case.get('tokenSecret', '')})['signature']
        key = {'client_secret': case['consumerSecret'], 'resource_owner_key': case.get('token'),
               'resource_owner_secret': case.get('tokenSecret') or None}
    else:
        s = rsa_sha256({'baseString': b['baseString'], 'privateKeyPath': case['privateKeyPath'],
                        'publicKeyPath': case.get('publicKeyPath')})['signature']
        # oauthlib signs RSA-SHA256 through PyJWT and cryptography
        key = {'signature_method': 'RSA-SHA256', 'rsa_key': open(case['privateKeyPath']).read()}
    client = Client(case['consumerKey'], nonce=case['nonce'], timestamp=str(case['timestamp']),
                    realm=case.get('realm'), **key)
    body = form_format(case['params']) if case['params'] else None
    headers = {'Content-Type': 'application/x-www-form-urlencoded'} if body else {}
    _, signed, _ = client.sign(case['url'], case['method'], body=body, headers=headers)
    theirs = parse_header(signed['Authorization'])
    if theirs.get('oauth_signature') != s or theirs.get('oauth_signature_method') != case['signatureMethod']:
        raise AssertionError('oauthlib Client signature differs: %r vs %r' % (theirs.get('oauth_signature'), s))
    params = dict(oauth)
    params['oauth_signature'] = s
    return {'baseString': b['baseString'], 'signature': s, 'oauthParams': params}


def rsa_request(case):
    """A whole RSA-SHA256 request (rsa-sha256.json): oauth_sign's base string and signature, the
    signature also verified by openssl with the public key file."""
    if case['signatureMethod'] != 'RSA-SHA256':
        raise AssertionError('rsa-sha256.json holds RSA-SHA256 requests only')
    signed = oauth_sign(case)
    return {'baseString': signed['baseString'], 'signature': signed['signature']}


# ---- whole requests of the operation catalog (operations.json) ----
OAUTH_METHODS = ('HMAC-SHA1', 'RSA-SHA256')
TRIM = ''.join(chr(c) for c in range(0x21))  # the service trims characters up to U+0020


def operation(case):
    """Builds the signed request for one catalog operation from the row facts passed in."""
    row = case['row']
    if row is None:
        raise Refused('ERR_UNKNOWN_OPERATION')
    scheme = case.get('scheme', row['auth'])
    if scheme is None:
        raise Refused('ERR_UNSUPPORTED')
    if scheme not in OAUTH_METHODS and scheme not in FORMULAS:
        raise Refused('ERR_INVALID_INPUT')
    if ('endpointId' in case) == ('endpointGroupId' in case):
        raise Refused('ERR_INVALID_INPUT')
    group = 'endpointGroupId' in case
    ident = endpoint(case['endpointGroupId'] if group else case['endpointId'])
    base = case['baseUrl']
    if '?' in base or '#' in base:
        raise Refused('ERR_INVALID_INPUT')
    parts = urlsplit(base)
    if parts.scheme not in ('http', 'https') or not parts.netloc or '@' in parts.netloc:
        raise Refused('ERR_INVALID_INPUT')
    url = '%s://%s%s/api/%s/%s%s' % (parts.scheme, parts.netloc.lower(), parts.path.rstrip('/'), row['path'],
                                      'group/' if group else '', ident)

    pairs = [(n, v.strip(TRIM)) for n, v in case['params']]
    if any(n == 'control' or n.startswith('oauth_') for n, _ in pairs):
        raise Refused('ERR_INVALID_INPUT')
    is_control = scheme not in OAUTH_METHODS

    def term_name(t):
        return row['orderIdField'] if t == 'client_orderid' else t

    read = {'control', 'login', 'amount', 'currency'}
    for rule in row['rules']:
        read.update(rule.get('fields', []))
        read.update(x for x in (rule.get('field'), rule.get('use')) if x)
    if is_control:
        read.update(term_name(t) for t, _ in FORMULAS[scheme])
    values, seen = {}, set()
    for n, v in pairs:
        if n not in read:
            continue
        if n in seen:
            raise Refused('ERR_INVALID_INPUT')
        seen.add(n)
        if v != '':
            values[n] = v
    exponent = case.get('exponent', 2)
    for rule in row['rules']:
        kind = rule['kind']
        if kind == 'spelling' and rule['field'] in seen:
            raise Refused('ERR_INVALID_INPUT')
        if kind == 'forbidden' and rule['field'] in values:
            raise Refused('ERR_INVALID_INPUT')
        if kind == 'oneOf' and rule['field'] in values and values[rule['field']] not in rule['values']:
            raise Refused('ERR_INVALID_INPUT')
        if kind == 'together':
            given = [f for f in rule['fields'] if f in values]
            if given and len(given) != len(rule['fields']):
                raise Refused('ERR_INVALID_INPUT')
        if kind == 'decimal' and rule['field'] in values:
            minor_units(values[rule['field']], exponent)
        if kind == 'required' and rule['field'] not in values:
            raise Refused('ERR_MISSING_FIELD')
    if is_control:
        for t, presence in FORMULAS[scheme]:
            if presence == R and t not in ('login', 'endpointId') and term_name(t) not in values:
                raise Refused('ERR_MISSING_FIELD')
    creds = case['credentials']
    login = creds['login']
    if 'login' in values and values['login'] != login:
        raise Refused('ERR_INVALID_INPUT')
    headers = {'Accept': 'application/vnd.pay+json', 'Content-Type': 'application/x-www-form-urlencoded'}
    out = {'method': 'POST', 'url': url, 'headers': headers, 'signedWith': scheme}
    if is_control:
        if 'controlKey' not in creds:
            raise Refused('ERR_MISSING_FIELD')
        has_login = any(t == 'login' for t, _ in FORMULAS[scheme])
        body = list(pairs)
        if has_login and 'login' not in values:
            body = [('login', login)] + [p for p in pairs if p[0] != 'login']
        fields = {}
        for t, _ in FORMULAS[scheme]:
            if t == 'login':
                fields['login'] = login
            elif t == 'endpointId':
                fields['endpointGroupId' if group else 'endpointId'] = ident
            elif term_name(t) in values:
                fields[t] = values[term_name(t)]
        digest = control({'formula': scheme, 'fields': fields, 'controlKey': creds['controlKey'], 'exponent': exponent})
        out['body'] = form_format(body + [('control', digest['control'])])
        out.update(digest)
        return out
    sign_case = {'method': 'POST', 'url': url, 'params': [list(p) for p in pairs], 'consumerKey': login,
                 'signatureMethod': scheme, 'nonce': case['nonce'], 'timestamp': case['timestamp']}
    if scheme == 'HMAC-SHA1':
        sign_case['consumerSecret'] = creds['controlKey']
    else:
        sign_case['privateKeyPath'] = case['privateKeyPath']
    if 'realm' in case:
        sign_case['realm'] = case['realm']
    signed = oauth_sign(sign_case)
    params = signed['oauthParams']
    header = ['realm="%s"' % pe(case['realm'])] if 'realm' in case else []
    header += ['%s="%s"' % (n, pe(params[n])) for n in ('oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method',
                                                         'oauth_timestamp', 'oauth_version', 'oauth_signature')]
    headers['Authorization'] = 'OAuth ' + ', '.join(header)
    # oauthlib's parser must read the header back to the same parameters
    parsed = {n: oauth_utils.unescape(v) for n, v in oauth_utils.parse_authorization_header(headers['Authorization'])}
    if parsed.get('oauth_signature') != signed['signature']:
        raise AssertionError('oauthlib reads another signature from the header')
    repeat = [] if case.get('repeatOAuthInBody') is False else [
        (n, params[n]) for n in ('oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version')]
    out['body'] = form_format(pairs + repeat)
    out['baseString'] = signed['baseString']
    out['signature'] = signed['signature']
    return out


# ---- merchant callbacks and redirects (callbacks.json) ----
HEX40 = re.compile(r'[0-9a-fA-F]{40}')


def callback(case):
    params = {}
    for n, v in form_parse(case['query']):
        if n in params:
            raise Refused('ERR_INVALID_INPUT')
        params[n] = v
    order = 'merchant_order' if 'client_orderid' not in params and 'merchant_order' in params else 'client_orderid'
    for n in ('status', 'orderid', order, 'control'):
        if n not in params:
            raise Refused('ERR_MISSING_FIELD')
    terms = {'status': params['status'].strip(TRIM), 'orderid': params['orderid'].strip(TRIM),
             'client_orderid': params[order].strip(TRIM)}
    if not HEX40.fullmatch(params['control']):
        raise Refused('ERR_INVALID_INPUT')
    digest = control({'formula': 'CALLBACK', 'controlKey': case['controlKey'], 'fields': terms})
    if not hmac.compare_digest(digest['control'], params['control'].lower()):
        raise Refused('ERR_CONTROL_MISMATCH')
    result = {'status': terms['status'], 'final': terms['status'] in ('approved', 'declined', 'error', 'filtered'),
              'orderid': terms['orderid'], 'client_orderid': terms['client_orderid']}
    result.update({n: params[n] for n in ('merchant_order', 'amount', 'type') if n in params})
    result['params'] = params
    return {'concatenation': digest['concatenation'], 'control': digest['control'], 'result': result}


TASKS = {
    'encode': lambda c: pe(c),
    'decode': lambda c: pd(c),
    'formParse': form_parse,
    'formFormat': form_format,
    'control': control,
    'baseString': lambda c: base_string(c['method'], c['url'], c['params']),
    'hmac': hmac_sha1,
    'rsaRequest': rsa_request,
    'oauthSign': oauth_sign,
    'operation': operation,
    'callback': callback,
}


def main():
    request = json.load(sys.stdin)
    answer = {}
    for task, cases in request.items():
        results = []
        for case in cases:
            try:
                results.append({'ok': TASKS[task](case)})
            except Refused as e:
                results.append({'error': e.args[0]})
        answer[task] = results
    json.dump(answer, sys.stdout)


if __name__ == '__main__':
    main()
