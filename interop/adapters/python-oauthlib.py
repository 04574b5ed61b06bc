"""Debian python3-oauthlib (oauthlib 3.2.2): oauthlib.oauth1.Client(...).sign(uri, method, body,
headers) as its documentation shows, nonce and timestamp passed to the constructor; the base
string from its signature module (collect_parameters, normalize_parameters, base_string_uri,
signature_base_string: the steps Client.get_oauth_signature takes); HMAC from sign_hmac_sha1;
encoding from oauth1.rfc5849.utils.escape / unescape. RSA-SHA256 through its PyJWT backend.
"""
import os
import sys
from urllib.parse import urlparse

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from loop import key_text, serve  # noqa: E402

from oauthlib import oauth1  # noqa: E402
from oauthlib.oauth1.rfc5849 import signature, utils  # noqa: E402

FORM = {'Content-Type': 'application/x-www-form-urlencoded'}


def percent(c):
    return utils.escape(c['input']) if c['operation'] == 'encode' else utils.unescape(c['input'])


def base_string(c):
    params = signature.collect_parameters(uri_query=urlparse(c['url']).query, body=[tuple(p) for p in c['params']])
    return signature.signature_base_string(
        c['method'], signature.base_string_uri(c['url']), signature.normalize_parameters(params))


def client(c):
    rsa = c['signatureMethod'].startswith('RSA')
    return oauth1.Client(
        c['consumerKey'],
        client_secret=None if rsa else c.get('consumerSecret'),
        resource_owner_key=c.get('token'),
        resource_owner_secret=c.get('tokenSecret'),
        signature_method=c['signatureMethod'],
        rsa_key=key_text(c['privateKeyFile']) if rsa else None,
        realm=c.get('realm'),
        nonce=c['nonce'],
        timestamp=str(c['timestamp']),
    )


def signed_headers(c):
    body = [tuple(p) for p in c['params']] or None
    _, headers, _ = client(c).sign(c['url'], c['method'], body=body, headers=dict(FORM) if body else None)
    return headers['Authorization']


def rsa_signature(c):
    header = signed_headers(c)
    return utils.unescape(dict(utils.parse_authorization_header(header))['oauth_signature'])


serve('oauthlib', {
    'percent-encoding': percent,
    'base-string': base_string,
    'hmac-sha1': lambda c: signature.sign_hmac_sha1(c['baseString'], c['consumerSecret'], c['tokenSecret']),
    'rsa-sha256': rsa_signature,
    'oauth-sign': signed_headers,
})
