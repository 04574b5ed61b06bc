#!/usr/bin/env python3
"""paysig conformance adapter in Python 3, standard library only (protocol: vectors/PROTOCOL.md).

    paysig conformance --adapter "python3 vectors/adapters/python/adapter.py"

A thin layer over the functions of the Python runner (vectors/runners/python/run.py): it reads
one case per line, computes the topic's output with them, and answers one line per case.
Every negative case must be refused: the runner's functions raise Refused for what the rules refuse.

PAYSIG_ADAPTER_BREAK (for CI: the kit must catch it) makes it deliberately wrong:
  plus  percent-encodes a space as "+" instead of "%20"
  sort  sorts the OAuth parameters before encoding them instead of after
"""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.abspath(os.environ.get('PAYSIG_VECTORS') or os.path.join(HERE, '..', '..'))
RUNNER = os.path.join(VECTORS, 'runners', 'python', 'run.py')
if not os.path.exists(RUNNER):  # vectors given elsewhere: the runner next to this adapter
    RUNNER = os.path.join(HERE, '..', '..', 'runners', 'python', 'run.py')

# run.py reads the vectors folder from its argv when it is loaded.
sys.argv = [RUNNER, VECTORS]
_spec = importlib.util.spec_from_file_location('paysig_run', RUNNER)
run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run)

BREAK = os.environ.get('PAYSIG_ADAPTER_BREAK', '')
if BREAK == 'plus':
    _pe = run.pe
    run.pe = lambda s: _pe(s).replace('%20', '+')
elif BREAK == 'sort':
    run.normalize = lambda pairs: '&'.join(
        run.pe(n) + '=' + run.pe(v) for n, v in sorted((n, v) for n, v in pairs if n != 'oauth_signature'))
elif BREAK:
    sys.exit('PAYSIG_ADAPTER_BREAK must be plus or sort')

def negative_ids():
    """topic/id of every case that must be refused, from the vector files."""
    out = set()
    for name in os.listdir(VECTORS):
        if name.endswith('.json'):
            with open(os.path.join(VECTORS, name), encoding='utf-8') as f:
                doc = json.load(f)
            for c in doc.get('cases', []) if isinstance(doc, dict) else []:
                if 'error' in c:
                    out.add(name[:-5] + '/' + c['id'])
    return out


NEGATIVE = negative_ids()


def key_output(c):
    verdict = run.key_verdict(c['keyType'], c['pem'])
    if isinstance(verdict, str):
        raise run.Refused(verdict)
    return {'modulusBits': verdict[0], 'publicExponent': str(verdict[1])}


def operation_output(c):
    r = run.sign_operation(c)
    return {k: r[k] for k in ('method', 'url', 'headers', 'body')}


OUTPUTS = {
    'percent-encoding': lambda c: run.pe(c['input']) if c['operation'] == 'encode' else run.pd(c['input']),
    'form': lambda c: run.form_parse(c['body']) if c['operation'] == 'parse' else run.form_format(c['pairs']),
    'control': lambda c: run.control(c)[1],
    'base-string': lambda c: run.base_string(c['method'], c['url'], c['params'])[1],
    'hmac-sha1': lambda c: run.hmac_sha1(c['baseString'], c['consumerSecret'], c['tokenSecret'])[1],
    'rsa-sha256': lambda c: run.oauth_sign(c)[1],
    'oauth-sign': lambda c: run.oauth_sign(c)[3],
    'oauth-verify-negative': run.oauth_verify,
    'operations': operation_output,
    'callbacks': lambda c: run.verify_callback(c['query'], c['controlKey'])[2],
    'keys-negative': key_output,
}


def answer(msg):
    case_id, topic, c = msg['id'], msg['topic'], msg['input']
    compute = OUTPUTS.get(topic)
    if compute is None:
        return {'id': case_id, 'skip': 'topic not implemented by this adapter'}
    try:
        return {'id': case_id, 'output': compute(c)}
    except run.Refused as e:
        return {'id': case_id, 'error': str(e)}
    except (KeyError, ValueError, IndexError, TypeError) as e:
        return {'id': case_id, 'error': 'internal %s: %s' % (type(e).__name__, e)}


def main():
    stdin = open(sys.stdin.fileno(), encoding='utf-8', closefd=False)
    for line in iter(stdin.readline, ''):
        if line.strip():
            sys.stdout.write(json.dumps(answer(json.loads(line))) + '\n')
            sys.stdout.flush()


if __name__ == '__main__':
    main()
