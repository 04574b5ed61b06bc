// The line loop every Node adapter of interop/ shares (protocol: vectors/PROTOCOL.md): one JSON
// case in, one answer out. `handlers` maps a topic to a function of the case's input that returns
// the output, or `skip(reason)` for what the library cannot express. A thrown error becomes an
// `error` answer (the library refused the input).
import { createInterface } from 'node:readline';

const SKIP = Symbol('skip');

/** The answer for a case the library cannot express. */
export const skip = (why) => ({ [SKIP]: why });

/** Absolute path of a test key named by a case (`privateKeyFile`). */
export function keyPath(file) {
  const dir = process.env.PAYSIG_VECTORS ?? new URL('../../vectors/', import.meta.url).pathname;
  return `${dir.replace(/\/$/, '')}/keys/${file}`;
}

/** Pairs to the `{ name: value | [values] }` object most npm OAuth libraries take. */
export function pairsToObject(pairs) {
  const data = {};
  for (const [n, v] of pairs) {
    if (!Object.hasOwn(data, n)) data[n] = v;
    else data[n] = [].concat(data[n], v);
  }
  return data;
}

export async function serve(library, handlers) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.trim() === '') continue;
    const { id, topic, input } = JSON.parse(line);
    let answer;
    const handler = handlers[topic];
    if (handler === undefined) answer = { id, skip: `${library} has nothing for ${topic}` };
    else {
      try {
        const out = handler(input);
        answer = out !== null && typeof out === 'object' && SKIP in out ? { id, skip: out[SKIP] } : { id, output: out };
      } catch (e) {
        answer = { id, error: `${e?.name ?? 'Error'}: ${e?.message ?? e}` };
      }
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
}
