"""Debian python3-authlib (Authlib 1.2.0): authlib.oauth1.ClientAuth(...).sign(method, uri,
headers, body) as its documentation shows, the body written by its own url_encode; the base
string from its OAuth1Request and generate_signature_base_string (what its signer calls);
HMAC from hmac_sha1_signature; encoding from rfc5849.util.escape / unescape. ClientAuth takes no
nonce or timestamp, so the module's generate_nonce / generate_timestamp are replaced by the
case's values. It has HMAC-SHA1, RSA-SHA1 and PLAINTEXT: no RSA-SHA256. AUTHLIB_INSECURE_TRANSPORT
lets it sign the http:// URLs of the RFC examples (it refuses them otherwise).
"""
import os
import sys

os.environ['AUTHLIB_INSECURE_TRANSPORT'] = '1'
sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from loop import Skip, serve  # noqa: E402

from authlib.common.urls import url_encode  # noqa: E402
from authlib.oauth1 import ClientAuth  # noqa: E402
from authlib.oauth1.rfc5849 import client_auth, signature, util  # noqa: E402
from authlib.oauth1.rfc5849.wrapper import OAuth1Request  # noqa: E402

FORM = 'application/x-www-form-urlencoded'


def percent(c):
    return util.escape(c['input']) if c['operation'] == 'encode' else util.unescape(c['input'])


def base_string(c):
    request = OAuth1Request(c['method'], c['url'], body=url_encode(c['params']), headers={'Content-Type': FORM})
    return signature.generate_signature_base_string(request)


def signed_header(c):
    if c['signatureMethod'] == 'RSA-SHA256':
        return Skip('Authlib has no RSA-SHA256 (RSA-SHA1 only)')
    client_auth.generate_nonce = lambda: c['nonce']
    client_auth.generate_timestamp = lambda: str(c['timestamp'])
    auth = ClientAuth(c['consumerKey'], client_secret=c.get('consumerSecret'), token=c.get('token'),
                      token_secret=c.get('tokenSecret'), signature_method=c['signatureMethod'], realm=c.get('realm'))
    body = url_encode(c['params'])
    _, headers, _ = auth.sign(c['method'], c['url'], {'Content-Type': FORM} if body else {}, body)
    return headers['Authorization']


serve('authlib', {
    'percent-encoding': percent,
    'base-string': base_string,
    'hmac-sha1': lambda c: signature.hmac_sha1_signature(c['baseString'], c['consumerSecret'], c['tokenSecret']),
    'rsa-sha256': lambda c: Skip('Authlib has no RSA-SHA256 (RSA-SHA1 only)'),
    'oauth-sign': signed_header,
})
