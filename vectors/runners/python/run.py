#!/usr/bin/env python3
"""Minimal conformance runner for paysig's golden vectors, in Python 3 with the standard library only.

It re-implements, from the documents and nothing else: RFC 3986 percent-encoding, form parsing,
the control formulas, the OAuth 1.0a signature base string, HMAC-SHA1, RSA-SHA256 signing and
verification in pure Python (a tiny DER reader, pow(), EMSA-PKCS1-v1_5 with SHA-256), and the
Authorization header. It runs every positive case of every vectors/*.json file it understands
and checks that every negative case is refused (those of keys-negative.json with the error code
of the key policy, checked with a strict DER reader; the others name paysig's error codes, which
are not this runner's, so any refusal counts) and prints
`N passed, M failed` as its last line; the exit status is non-zero on any failure.

Usage: python3 vectors/runners/python/run.py [vectors-directory]
SDK authors: copy this file as a starting point; replace the functions with calls into your SDK.
"""
import base64
import binascii
import hashlib
import hmac
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', '..'))
KEYS = os.path.join(VECTORS, 'keys')

UNRESERVED = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~')


class Refused(Exception):
    pass


# ---------------------------------------------------------------------------- encoding

def utf8(s):
    try:
        return s.encode('utf-8')
    except UnicodeEncodeError:
        raise Refused('lone surrogate')


def pe(s):
    return ''.join(chr(b) if b in UNRESERVED else '%%%02X' % b for b in utf8(s))


def pd(s, plus_is_space=False):
    utf8(s)
    out = bytearray()
    i = 0
    while i < len(s):
        ch = s[i]
        if ch == '%':
            h = s[i + 1:i + 3]
            if len(h) != 2 or any(c not in '0123456789abcdefABCDEF' for c in h):
                raise Refused('bad escape')
            out.append(int(h, 16))
            i += 3
            continue
        out += b' ' if (plus_is_space and ch == '+') else ch.encode('utf-8')
        i += 1
    try:
        return out.decode('utf-8')
    except UnicodeDecodeError:
        raise Refused('not UTF-8')


def form_parse(body):
    pairs = []
    for seg in body.split('&'):
        if seg:
            name, _, value = seg.partition('=')
            pairs.append([pd(name, True), pd(value, True)])
    return pairs


def form_format(pairs):
    return '&'.join(pe(n) + '=' + pe(v) for n, v in pairs)


# ---------------------------------------------------------------------------- control

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


def minor_units(amount, exponent):
    m = re.fullmatch(r'([0-9]+)(?:\.([0-9]+))?', amount)
    if not m:
        raise Refused('amount')
    whole, frac = m.group(1), m.group(2) or ''
    if len(frac) > exponent and frac[exponent:].strip('0'):
        raise Refused('amount precision')
    n = int(whole + frac[:exponent].ljust(exponent, '0'))
    if n > 2 ** 63 - 1:
        raise Refused('amount beyond int64')
    return str(n)


def control(case):
    # an explicit '' is the same as a field not sent: refused for a required term, '' otherwise
    fields = {k: v for k, v in case['fields'].items() if v != ''}
    parts = []
    terms = FORMULAS[case['formula']]
    if any(p == PAIR for _, p in terms) and ('amount' in fields) != ('currency' in fields):
        raise Refused('amount and currency go together')
    for name, presence in terms:
        if name == 'endpointId':
            if 'endpointId' in fields and 'endpointGroupId' in fields:
                raise Refused('endpointId and endpointGroupId')
            value = fields.get('endpointGroupId', fields.get('endpointId'))
            if value is not None and (not re.fullmatch(r'0|[1-9][0-9]*', value) or int(value) > 2 ** 63 - 1):
                raise Refused('endpoint id')
        elif name == 'amount' and 'amount' in fields:
            value = minor_units(fields['amount'], case.get('exponent', 2))
        else:
            value = fields.get(name)
        if value is None:
            if presence == R:
                raise Refused('missing ' + name)
            value = ''
        parts.append(value)
    concatenation = ''.join(parts) + case['controlKey']
    return concatenation, hashlib.sha1(utf8(concatenation)).hexdigest()


# ---------------------------------------------------------------------------- OAuth base string

URL = re.compile(r'([A-Za-z][A-Za-z0-9+.-]*)://(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)(?::([0-9]*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?')
DEFAULT_PORTS = {'http': '80', 'https': '443'}


def base_uri(url):
    m = URL.fullmatch(url)
    if not m:
        raise Refused('url')
    scheme, host, port, path, query = m.group(1).lower(), m.group(2).lower(), m.group(3) or '', m.group(4), m.group(5) or ''
    if port == DEFAULT_PORTS.get(scheme):
        port = ''
    return scheme + '://' + host + (':' + port if port else '') + (path or '/'), query


def normalize(pairs):
    encoded = sorted((pe(n), pe(v)) for n, v in pairs if n != 'oauth_signature')
    return '&'.join(n + '=' + v for n, v in encoded)


def base_string(method, url, params):
    uri, query = base_uri(url)
    normalized = normalize(form_parse(query) + [list(p) for p in params])
    return normalized, method.upper() + '&' + pe(uri) + '&' + pe(normalized)


def hmac_sha1(base, consumer_secret, token_secret):
    key = pe(consumer_secret) + '&' + pe(token_secret)
    return key, base64.b64encode(hmac.new(key.encode('ascii'), utf8(base), hashlib.sha1).digest()).decode('ascii')


# ---------------------------------------------------------------------------- RSA in pure Python

def der_read(data, pos):
    """One DER element at pos: (tag, content start, content end)."""
    tag = data[pos]
    length = data[pos + 1]
    pos += 2
    if length & 0x80:
        count = length & 0x7f
        length = int.from_bytes(data[pos:pos + count], 'big')
        pos += count
    if pos + length > len(data):
        raise ValueError('truncated DER')
    return tag, pos, pos + length


def der_children(data, start, end):
    out = []
    while start < end:
        tag, s, e = der_read(data, start)
        out.append((tag, s, e))
        start = e
    return out


def pem_der(path):
    text = open(path).read()
    m = re.search(r'-----BEGIN ([A-Z ]+)-----(.*?)-----END \1-----', text, re.S)
    if not m or 'Proc-Type' in m.group(2):
        raise Refused('unsupported PEM')
    return m.group(1), base64.b64decode(''.join(m.group(2).split()))


RSA_OID = bytes.fromhex('2a864886f70d010101')


def rsa_numbers(path):
    """(n, e, d or None) from a PKCS#1 / PKCS#8 private key or an SPKI / PKCS#1 public key."""
    label, der = pem_der(path)
    _, s, e = der_read(der, 0)
    top = der_children(der, s, e)
    if label == 'PRIVATE KEY':  # PKCS#8: version, AlgorithmIdentifier, OCTET STRING(RSAPrivateKey)
        alg = der_children(der, top[1][1], top[1][2])
        if der[alg[0][1]:alg[0][2]] != RSA_OID:
            raise Refused('not RSA')
        inner = der[top[2][1]:top[2][2]]
        _, s, e = der_read(inner, 0)
        der, top = inner, der_children(inner, s, e)
        label = 'RSA PRIVATE KEY'
    if label == 'RSA PRIVATE KEY':  # version, n, e, d, ...
        n, e_, d = (int.from_bytes(der[x[1]:x[2]], 'big') for x in top[1:4])
        return n, e_, d
    if label == 'PUBLIC KEY':  # SPKI: AlgorithmIdentifier, BIT STRING(RSAPublicKey)
        alg = der_children(der, top[0][1], top[0][2])
        if der[alg[0][1]:alg[0][2]] != RSA_OID:
            raise Refused('not RSA')
        inner = der[top[1][1] + 1:top[1][2]]  # skip the unused-bits byte
        _, s, e = der_read(inner, 0)
        der, top = inner, der_children(inner, s, e)
        label = 'RSA PUBLIC KEY'
    if label == 'RSA PUBLIC KEY':
        n, e_ = (int.from_bytes(der[x[1]:x[2]], 'big') for x in top[0:2])
        return n, e_, None
    raise Refused('unknown PEM label ' + label)


SHA256_DIGEST_INFO = bytes.fromhex('3031300d060960864801650304020105000420')


def emsa_pkcs1_v15(message, k):
    t = SHA256_DIGEST_INFO + hashlib.sha256(message).digest()
    return b'\x00\x01' + b'\xff' * (k - len(t) - 3) + b'\x00' + t


def rsa_sign(path, base):
    n, _, d = rsa_numbers(path)
    if n.bit_length() < 2048:
        raise Refused('key below 2048 bits')
    k = (n.bit_length() + 7) // 8
    m = int.from_bytes(emsa_pkcs1_v15(utf8(base), k), 'big')
    return base64.b64encode(pow(m, d, n).to_bytes(k, 'big')).decode('ascii')


def rsa_verify(path, base, signature_b64):
    n, e, _ = rsa_numbers(path)
    k = (n.bit_length() + 7) // 8
    sig = base64.b64decode(signature_b64, validate=True)
    if len(sig) != k:
        return False
    s = int.from_bytes(sig, 'big')
    if s >= n:
        return False
    return hmac.compare_digest(pow(s, e, n).to_bytes(k, 'big'), emsa_pkcs1_v15(utf8(base), k))



# ---------------------------------------------------------------------------- key policy (keys-negative.json)

KEY_FORMS = {'PUBLIC KEY': ('public', 'spki'), 'RSA PUBLIC KEY': ('public', 'pkcs1'),
             'PRIVATE KEY': ('private', 'pkcs8'), 'RSA PRIVATE KEY': ('private', 'pkcs1')}
RSA_ALGORITHM = bytes.fromhex('300d06092a864886f70d0101010500')


def strict_items(data, start, end):
    """The elements from start to end, with minimal DER lengths; ValueError otherwise."""
    out = []
    while start < end:
        if end - start < 2:
            raise ValueError('truncated')
        tag, first, pos = data[start], data[start + 1], start + 2
        length = first
        if first & 0x80:
            count = first & 0x7f
            length = int.from_bytes(data[pos:pos + count], 'big')
            if count == 0 or count > 4 or data[pos] == 0 or length < 0x80:
                raise ValueError('non-minimal length')
            pos += count
        if pos + length > end:
            raise ValueError('length past end')
        out.append((tag, data[pos:pos + length]))
        start = pos + length
    return out


def strict_one(data, tags):
    """data must be exactly one SEQUENCE whose children have these tags; their contents."""
    (top,) = strict_items(data, 0, len(data)) or [(None, b'')]  # several elements: ValueError
    if top[0] != 0x30:
        raise ValueError('not a SEQUENCE')
    kids = strict_items(top[1], 0, len(top[1]))
    if [t for t, _ in kids] != tags:
        raise ValueError('unexpected structure')
    return [v for _, v in kids]


def strict_int(body):
    if not body or body[0] & 0x80 or (len(body) > 1 and body[0] == 0 and body[1] < 0x80) or not any(body):
        raise ValueError('not a minimal positive INTEGER')
    return int.from_bytes(body, 'big')


def key_verdict(key_type, text):
    """paysig's verdict for a PEM key: its error code, or (modulus bits, exponent)."""
    label, der = re.search(r'-----BEGIN ([A-Z ]+)-----', text).group(1), pem_body(text)
    kind, form = KEY_FORMS[label]
    if kind != key_type:
        return 'ERR_KEY_INVALID'
    try:
        if form == 'spki':
            alg, bits = strict_one(der, [0x30, 0x03])
            if alg != RSA_ALGORITHM[2:] or bits[:1] != b'\x00':
                return 'ERR_KEY_INVALID'
            der = bits[1:]
        elif form == 'pkcs8':
            version, alg, key = strict_one(der, [0x02, 0x30, 0x04])
            if version != b'\x00' or alg != RSA_ALGORITHM[2:]:
                return 'ERR_KEY_INVALID'
            der = key
        if kind == 'public':
            n, e = (strict_int(v) for v in strict_one(der, [0x02, 0x02]))
        else:
            items = strict_one(der, [0x02] * 9)
            if items[0] != b'\x00':
                return 'ERR_KEY_INVALID'
            n, e = (strict_int(v) for v in items[1:3])
            for v in items[3:]:
                strict_int(v)
    except ValueError:
        return 'ERR_KEY_INVALID'
    if n.bit_length() < 2048:
        return 'ERR_KEY_TOO_SMALL'
    if n.bit_length() > 8192:
        return 'ERR_KEY_TOO_LARGE'
    if e != 65537:
        return 'ERR_KEY_EXPONENT'
    return n.bit_length(), e


def pem_body(text):
    body = re.search(r'-----BEGIN [A-Z ]+-----(.*?)-----END', text, re.S).group(1)
    return base64.b64decode(''.join(body.split()), validate=True)


def check_key(c):
    got = key_verdict(c['keyType'], c['pem'])
    return got == c['error'] if 'error' in c else got == (c['modulusBits'], int(c['publicExponent']))


# ---------------------------------------------------------------------------- OAuth requests

HEADER_ORDER = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp',
                'oauth_token', 'oauth_version', 'oauth_signature']


def authorization(realm, oauth):
    parts = ['realm="%s"' % pe(realm)] if realm is not None else []
    parts += ['%s="%s"' % (n, pe(oauth[n])) for n in HEADER_ORDER if n in oauth]
    return 'OAuth ' + ', '.join(parts)


def parse_authorization(header):
    m = re.fullmatch(r'(?i:oauth) +(.*)', header)
    if not m:
        raise Refused('not OAuth')
    out = {}
    for part in re.split(r' *, *', m.group(1)):
        pm = re.fullmatch(r'([A-Za-z0-9_]+)="([^"]*)"', part)
        if not pm or pm.group(1) in out:
            raise Refused('malformed header')
        out[pm.group(1)] = pd(pm.group(2))
    return out


def oauth_sign(c):
    if c['signatureMethod'] not in ('HMAC-SHA1', 'RSA-SHA256'):
        raise Refused('signature method ' + c['signatureMethod'])
    if c['signatureMethod'] == 'RSA-SHA256':
        with open(os.path.join(KEYS, c['privateKeyFile']), encoding='utf-8') as f:
            try:
                verdict = key_verdict('private', f.read())
            except (ValueError, KeyError, binascii.Error):  # encrypted or unknown PEM: not a key this signer reads
                verdict = 'ERR_KEY_INVALID'
        if isinstance(verdict, str):
            raise Refused(verdict)
    oauth = {'oauth_consumer_key': c['consumerKey'], 'oauth_nonce': c['nonce'],
             'oauth_signature_method': c['signatureMethod'], 'oauth_timestamp': str(c['timestamp']),
             'oauth_version': '1.0'}
    if 'token' in c:
        oauth['oauth_token'] = c['token']
    _, base = base_string(c['method'], c['url'], c['params'] + [[n, v] for n, v in oauth.items()])
    if c['signatureMethod'] == 'HMAC-SHA1':
        _, sig = hmac_sha1(base, c['consumerSecret'], c.get('tokenSecret', ''))
    else:
        sig = rsa_sign(os.path.join(KEYS, c['privateKeyFile']), base)
    oauth['oauth_signature'] = sig
    return base, sig, oauth, authorization(c.get('realm'), oauth)


def oauth_verify(c):
    """Accepts a valid request; returns the result object of the vectors."""
    req = c['request']
    header = parse_authorization(req['authorization'])
    header.pop('realm', None)
    for n in ('oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'):
        if n not in header:
            raise Refused('missing ' + n)
    if not re.fullmatch(r'[0-9]+', header['oauth_timestamp']):
        raise Refused('timestamp is not digits')
    cred = c['credentials'].get(header['oauth_consumer_key'])
    if cred is None:
        raise Refused('unknown consumer')
    method = header['oauth_signature_method']
    if method not in ('HMAC-SHA1', 'RSA-SHA256') or ('consumerSecret' if method == 'HMAC-SHA1' else 'publicKeyFile') not in cred:
        raise Refused('signature method not allowed for this consumer')
    signature = header.pop('oauth_signature')
    body = []
    for n, v in req['params']:
        if n.startswith('oauth_'):
            if header.get(n) != v:
                raise Refused('body oauth parameter differs')
            continue  # a repeat of a header value counts once
        body.append([n, v])
    if header.get('oauth_version', '1.0') != '1.0':
        raise Refused('version')
    ts = int(header['oauth_timestamp'])
    if abs(c['now'] - ts) > c.get('maxSkewSeconds', 300):
        raise Refused('timestamp')
    _, base = base_string(req['method'], req['url'], body + [[n, v] for n, v in header.items()])
    if method == 'HMAC-SHA1':
        ok = hmac.compare_digest(hmac_sha1(base, cred['consumerSecret'], '')[1], signature)
    else:
        ok = rsa_verify(os.path.join(KEYS, cred['publicKeyFile']), base, signature)
    if not ok:
        raise Refused('signature')
    return {'consumerKey': header['oauth_consumer_key'], 'signatureMethod': method, 'timestamp': ts,
            'nonce': header['oauth_nonce']}


# ---------------------------------------------------------------------------- operations

# The catalog: operation id -> (path after /api/, scheme or None when none is published,
# spelling of the merchant order-id field), read from catalog.json. Field rules matter only for
# refused cases.
def load_catalog():
    with open(os.path.join(VECTORS, 'catalog.json'), encoding='utf-8') as f:
        rows = json.load(f)['operations']
    suffix = '/{endpointId}'
    return {r['id']: (r['path'][len('/api/'):-len(suffix)], r['scheme'], r['orderIdField'], r['rules']) for r in rows}


CATALOG = load_catalog()
TRIM = ''.join(chr(c) for c in range(0x21))  # the service trims characters up to U+0020
OAUTH_BODY = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version']


def check_fields(c, scheme, order_field, rules, pairs):
    """Refuses what a signer must not send: the catalog's field rules, the formula's required terms."""
    if any(n == 'control' or n.startswith('oauth_') for n, _ in pairs):
        raise Refused('control and oauth_* are the signer\'s')
    read = {'control', 'login', 'amount', 'currency'}
    for r in rules:
        read.update(r.get('fields', []))
        read.update(x for x in (r.get('field'), r.get('use')) if x)
    terms = [t for t, _ in FORMULAS[scheme]] if scheme in FORMULAS else []
    read.update(order_field if t == 'client_orderid' else t for t in terms)
    values, seen = {}, set()
    for n, v in pairs:
        if n in read:
            if n in seen:
                raise Refused('%s appears twice' % n)
            seen.add(n)
            if v != '':
                values[n] = v
    for r in rules:
        kind, field = r['kind'], r.get('field')
        if (kind == 'spelling' and field in seen or kind == 'forbidden' and field in values
                or kind == 'oneOf' and field in values and values[field] not in r['values']
                or kind == 'required' and field not in values
                or kind == 'together' and 0 < sum(f in values for f in r['fields']) < len(r['fields'])):
            raise Refused('%s rule on %s' % (kind, field or r.get('fields')))
        if kind == 'decimal' and field in values:
            minor_units(values[field], c.get('exponent', 2))
    for t, presence in FORMULAS.get(scheme, []):
        if presence == R and t not in ('login', 'endpointId') and (order_field if t == 'client_orderid' else t) not in values:
            raise Refused('missing ' + t)
    if 'login' in values and values['login'] != c['credentials']['login']:
        raise Refused('login differs from the credentials')
    if scheme in FORMULAS and 'controlKey' not in c['credentials']:
        raise Refused('no control key')


def sign_operation(c):
    """The request a signer sends for a valid case: url, headers, body and the signature parts."""
    if c['operation'] not in CATALOG:
        raise Refused('unknown operation')
    path, scheme, order_field, rules = CATALOG[c['operation']]
    scheme = c.get('scheme', scheme)
    if scheme is None or (scheme not in FORMULAS and scheme not in ('HMAC-SHA1', 'RSA-SHA256')):
        raise Refused('no scheme')
    if ('endpointId' in c) == ('endpointGroupId' in c):
        raise Refused('give endpointId or endpointGroupId')
    ident = c.get('endpointGroupId', c.get('endpointId'))
    if not re.fullmatch(r'0|[1-9][0-9]*', ident) or int(ident) > 2 ** 63 - 1:
        raise Refused('endpoint id')
    if not re.fullmatch(r'(https?://[^/?#@]+)(/[^?#]*)?', c['baseUrl']):
        raise Refused('base URL')
    check_fields(c, scheme, order_field, rules, [[n, v.strip(TRIM)] for n, v in c['params']])
    group = 'endpointGroupId' in c
    m = re.fullmatch(r'(https?://[^/?#]+)(/[^?#]*)?', c['baseUrl'])
    url = '%s%s/api/%s/%s%s' % (m.group(1).lower(), (m.group(2) or '').rstrip('/'), path,
                                'group/' if group else '', c['endpointGroupId'] if group else c['endpointId'])
    pairs = [[n, v.strip(TRIM)] for n, v in c['params']]
    creds = c['credentials']
    headers = {'Accept': 'application/vnd.pay+json', 'Content-Type': 'application/x-www-form-urlencoded'}
    out = {'method': 'POST', 'url': url, 'headers': headers, 'signedWith': scheme}
    if scheme in FORMULAS:
        values = {n: v for n, v in pairs if v != ''}
        terms = [t for t, _ in FORMULAS[scheme]]
        fields = {}
        for t in terms:
            if t == 'login':
                fields['login'] = creds['login']
            elif t == 'endpointId':
                fields['endpointGroupId' if group else 'endpointId'] = c.get('endpointGroupId', c.get('endpointId'))
            else:
                name = order_field if t == 'client_orderid' else t
                if name in values:
                    fields[t] = values[name]
        concatenation, digest = control({'formula': scheme, 'fields': fields, 'controlKey': creds['controlKey'],
                                          'exponent': c.get('exponent', 2)})
        body = pairs
        if 'login' in terms and 'login' not in values:
            body = [['login', creds['login']]] + pairs
        out.update(body=form_format(body + [['control', digest]]), concatenation=concatenation, control=digest)
        return out
    signing = {'method': 'POST', 'url': url, 'params': pairs, 'consumerKey': creds['login'], 'signatureMethod': scheme,
               'nonce': c['nonce'], 'timestamp': c['timestamp'], 'consumerSecret': creds.get('controlKey'),
               'privateKeyFile': creds.get('privateKeyFile')}
    if 'realm' in c:
        signing['realm'] = c['realm']
    base, sig, oauth, header = oauth_sign(signing)
    headers['Authorization'] = header
    repeat = [] if c.get('repeatOAuthInBody') is False else [[n, oauth[n]] for n in OAUTH_BODY]
    out.update(body=form_format(pairs + repeat), baseString=base, signature=sig)
    return out


def check_operation(c):
    got = sign_operation(c)
    expected = {k: c[k] for k in got}
    if got != expected:
        return False
    if c['signedWith'] == 'RSA-SHA256':  # the public key verifies the signature; a changed base string fails
        pub = os.path.join(KEYS, c['credentials']['publicKeyFile'])
        return rsa_verify(pub, c['baseString'], c['signature']) and not rsa_verify(pub, c['baseString'] + 'x', c['signature'])
    return True


# ---------------------------------------------------------------------------- callbacks

def verify_callback(query, control_key):
    params = {}
    for n, v in form_parse(query):
        if n in params:
            raise Refused('duplicate ' + n)
        params[n] = v
    # merchant_order takes client_orderid's place when only it is sent; each term is trimmed
    order = 'merchant_order' if 'client_orderid' not in params and 'merchant_order' in params else 'client_orderid'
    for n in ('status', 'orderid', order, 'control'):
        if n not in params:
            raise Refused('missing ' + n)
    terms = {'status': params['status'].strip(TRIM), 'orderid': params['orderid'].strip(TRIM),
             'client_orderid': params[order].strip(TRIM)}
    if not re.fullmatch(r'[0-9a-fA-F]{40}', params['control']):
        raise Refused('control is not 40 hex digits')
    concatenation, digest = control({'formula': 'CALLBACK', 'controlKey': control_key, 'fields': terms})
    if not hmac.compare_digest(digest, params['control'].lower()):
        raise Refused('control mismatch')
    result = {'status': terms['status'], 'final': terms['status'] in ('approved', 'declined', 'error', 'filtered'),
              'orderid': terms['orderid'], 'client_orderid': terms['client_orderid']}
    result.update((n, params[n]) for n in ('merchant_order', 'amount', 'type') if n in params)
    result['params'] = params
    return concatenation, digest, result


def check_callback(c):
    return verify_callback(c['query'], c['controlKey']) == (c['concatenation'], c['control'], c['result'])


# ---------------------------------------------------------------------------- the files

def check_percent(c):
    if c['operation'] == 'encode':
        return pe(c['input']) == c['output'] and pd(c['output']) == c['input']
    return pd(c['input']) == c['output']


def check_form(c):
    if c['operation'] == 'parse':
        return form_parse(c['body']) == c['pairs']
    return form_format(c['pairs']) == c['body']


def check_control(c):
    return control(c) == (c['concatenation'], c['control'])


def check_base(c):
    return base_string(c['method'], c['url'], c['params']) == (c['normalizedParameters'], c['baseString'])


def check_hmac(c):
    return hmac_sha1(c['baseString'], c['consumerSecret'], c['tokenSecret']) == (c['key'], c['signature'])


def check_rsa(c):
    """A whole RSA-SHA256 request: rebuild the base string from the inputs, sign it with the
    private key, verify the vector's signature with the public key; a changed base string fails."""
    if c['signatureMethod'] != 'RSA-SHA256':
        return False
    base, sig, _, _ = oauth_sign(c)
    pub = os.path.join(KEYS, c['publicKeyFile'])
    return (base == c['baseString'] and sig == c['signature'] and rsa_verify(pub, base, c['signature'])
            and not rsa_verify(pub, base + 'x', c['signature']))


def check_sign(c):
    base, sig, oauth, header = oauth_sign(c)
    expected_header = dict(c['authorizationParams'])
    return (base == c['baseString'] and sig == c['signature'] and oauth == c['oauthParams']
            and header == c['authorization'] and parse_authorization(header) == expected_header)


def check_verify(c):
    return oauth_verify(c) == c['result']


CHECKS = {
    'percent-encoding': check_percent,
    'form': check_form,
    'control': check_control,
    'base-string': check_base,
    'hmac-sha1': check_hmac,
    'rsa-sha256': check_rsa,
    'oauth-sign': check_sign,
    'oauth-verify-negative': check_verify,
    'operations': check_operation,
    'callbacks': check_callback,
    'keys-negative': check_key,
}

# keys-negative.json checks its refusals itself (the error code of the key policy); in every
# other file a negative case must be refused: its check raises Refused, whatever this runner's
# reason (paysig's error codes are not this runner's).
CHECKS_ERRORS = {'keys-negative'}


def refused(check, case):
    try:
        check(case)
    except Refused:
        return True
    return False


def main():
    passed = failed = skipped = 0
    for name in sorted(os.listdir(VECTORS)):
        if not name.endswith('.json') or name == 'catalog.json':  # catalog.json describes operations, no cases
            continue
        topic = name[:-5]
        check = CHECKS.get(topic)
        with open(os.path.join(VECTORS, name), encoding='utf-8') as f:
            doc = json.load(f)
        if check is None:
            print('%s: not understood by this runner, %d cases skipped' % (name, len(doc['cases'])))
            skipped += len(doc['cases'])
            continue
        for case in doc['cases']:
            try:
                if 'error' in case and topic not in CHECKS_ERRORS:
                    ok, why = refused(check, case), 'accepted, but the vector expects a refusal (%s)' % case['error']
                else:
                    ok, why = check(case), 'mismatch'
            except (Refused, KeyError, ValueError, binascii.Error) as e:
                ok, why = False, '%s: %s' % (type(e).__name__, e)
            if ok:
                passed += 1
            else:
                failed += 1
                print('FAIL %s %s (%s)' % (name, case['id'], why))
    if skipped:
        print('%d cases skipped' % skipped)
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == '__main__':
    main()
