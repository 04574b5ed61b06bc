"""The line loop every Python adapter of interop/ shares (protocol: vectors/PROTOCOL.md).

`serve(library, handlers)`: handlers maps a topic to a function of the case's input returning the
output, or Skip(reason) for what the library cannot express; an exception the library raises
becomes an `error` answer (a refusal).
"""
import json
import os
import sys


class Skip:
    def __init__(self, why):
        self.why = why


def key_text(name):
    vectors = os.environ.get('PAYSIG_VECTORS') or os.path.join(os.path.dirname(__file__), '..', '..', 'vectors')
    with open(os.path.join(vectors, 'keys', name), encoding='ascii') as f:
        return f.read()


def serve(library, handlers):
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        ident = case['id']
        handler = handlers.get(case['topic'])
        if handler is None:
            answer = {'id': ident, 'skip': '%s has nothing for %s' % (library, case['topic'])}
        else:
            try:
                out = handler(case['input'])
                answer = {'id': ident, 'skip': out.why} if isinstance(out, Skip) else {'id': ident, 'output': out}
            except Exception as e:  # the library refused the input
                answer = {'id': ident, 'error': '%s: %s' % (type(e).__name__, e)}
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()
