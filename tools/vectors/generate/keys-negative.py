#!/usr/bin/env python3
"""Second oracle of keys-negative.json (called by keys-negative.mjs): a strict DER reader for
RSA keys in Python's standard library, then paysig's documented key policy.

Reads a JSON list of {keyType, pem} on stdin and writes a JSON list of verdicts, each
{"error": code} or {"modulusBits": n, "publicExponent": "65537"}.
"""
import base64
import json
import re
import sys

RSA_ALG = bytes.fromhex('300d06092a864886f70d0101010500')
LABELS = {'PUBLIC KEY': ('public', 'spki'), 'RSA PUBLIC KEY': ('public', 'pkcs1'),
          'PRIVATE KEY': ('private', 'pkcs8'), 'RSA PRIVATE KEY': ('private', 'pkcs1')}


class Invalid(Exception):
    pass


def element(data, pos, end):
    """(tag, content start, content end) of the element at pos, which must end by end."""
    if end - pos < 2:
        raise Invalid('truncated')
    tag, first = data[pos], data[pos + 1]
    pos += 2
    if first < 0x80:
        length = first
    else:
        count = first & 0x7f
        if count == 0 or count > 4 or end - pos < count or data[pos] == 0:
            raise Invalid('bad length')
        length = int.from_bytes(data[pos:pos + count], 'big')
        pos += count
        if length < 0x80:
            raise Invalid('non-minimal length')
    if pos + length > end:
        raise Invalid('length past end')
    return tag, pos, pos + length


def sequence(data, start, end, tags):
    """The children of a SEQUENCE's contents, which must have exactly these tags."""
    out = []
    while start < end:
        tag, s, e = element(data, start, end)
        out.append((tag, s, e))
        start = e
    if [t for t, _, _ in out] != tags:
        raise Invalid('unexpected structure')
    return out


def whole(data, tag):
    t, s, e = element(data, 0, len(data))
    if t != tag or e != len(data):
        raise Invalid('not one element')
    return s, e


def positive(data, s, e):
    body = data[s:e]
    if not body or body[0] & 0x80 or (len(body) > 1 and body[0] == 0 and not body[1] & 0x80):
        raise Invalid('not a minimal positive INTEGER')
    value = int.from_bytes(body, 'big')
    if value == 0:
        raise Invalid('zero')
    return value


def numbers(kind, form, der):
    """(n, e) of a strictly encoded RSA key."""
    if form == 'spki':
        s, e = whole(der, 0x30)
        alg, bits = sequence(der, s, e, [0x30, 0x03])
        if der[alg[1] - 2:alg[2]] != RSA_ALG or der[bits[1]] != 0:
            raise Invalid('not rsaEncryption / unused bits')
        der = der[bits[1] + 1:bits[2]]
    elif form == 'pkcs8':
        s, e = whole(der, 0x30)
        ver, alg, octets = sequence(der, s, e, [0x02, 0x30, 0x04])
        if der[ver[1]:ver[2]] != b'\x00' or der[alg[1] - 2:alg[2]] != RSA_ALG:
            raise Invalid('version / algorithm')
        der = der[octets[1]:octets[2]]
    s, e = whole(der, 0x30)
    if kind == 'public':
        n, exp = sequence(der, s, e, [0x02, 0x02])
    else:
        items = sequence(der, s, e, [0x02] * 9)
        if der[items[0][1]:items[0][2]] != b'\x00':
            raise Invalid('version')
        for item in items[3:]:
            positive(der, item[1], item[2])
        n, exp = items[1], items[2]
    return positive(der, n[1], n[2]), positive(der, exp[1], exp[2])


def verdict(case):
    m = re.fullmatch(r'-----BEGIN ([A-Z ]+)-----\n([A-Za-z0-9+/=\n]+)-----END \1-----\n', case['pem'])
    kind, form = LABELS[m.group(1)]
    if kind != case['keyType']:
        return {'error': 'ERR_KEY_INVALID'}
    try:
        n, e = numbers(kind, form, base64.b64decode(m.group(2)))
    except Invalid:
        return {'error': 'ERR_KEY_INVALID'}
    bits = n.bit_length()
    if bits < 2048:
        return {'error': 'ERR_KEY_TOO_SMALL'}
    if bits > 8192:
        return {'error': 'ERR_KEY_TOO_LARGE'}
    if e != 65537:
        return {'error': 'ERR_KEY_EXPONENT'}
    return {'modulusBits': bits, 'publicExponent': str(e)}


if __name__ == '__main__':
    json.dump([verdict(c) for c in json.load(sys.stdin)], sys.stdout)
