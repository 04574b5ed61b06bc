# Independent check of the benchmark's reference pipeline: Python's oauthlib computes the base
# string and the HMAC-SHA1 signature of the same request. Reads JSON on stdin, writes JSON.
import json
import sys

from oauthlib.oauth1.rfc5849 import signature as s

req = json.load(sys.stdin)
params = [tuple(p) for p in req["params"]]
base = s.signature_base_string(
    req["method"].upper(), s.base_string_uri(req["url"]), s.normalize_parameters(params)
)
json.dump({"baseString": base, "signature": s.sign_hmac_sha1(base, req["secret"], "")}, sys.stdout)
