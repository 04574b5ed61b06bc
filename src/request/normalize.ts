/**
 * Request parameters to ordered pairs of trimmed strings, as signing and verifying read them.
 * Internal.
 *
 * @module
 */
import { InvalidAmountError, InvalidInputError } from '../errors/index.js';
import type { ParamValue } from '../catalog/params.js';
import { serviceTrim } from '../encoding/trim.js';

function valueString(name: string, v: ParamValue): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return serviceTrim(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (name === 'amount') {
      throw new InvalidAmountError(
        `amount is a number: pass a decimal string such as "10.42" (floating point cannot hold most amounts exactly)`,
      );
    }
    if (!Number.isSafeInteger(v)) {
      throw new InvalidInputError(
        `"${name}" as a number must be a safe integer; pass decimals and large values as strings`,
        {
          field: name,
        },
      );
    }
    return String(v);
  }
  throw new InvalidInputError(
    `"${name}" must be a string, safe integer or boolean, got ${v === null ? 'null' : typeof v}`,
    {
      field: name,
    },
  );
}

/**
 * Normalises request parameters to ordered pairs: an object's own fields (undefined left out) or
 * an iterable of `[name, value]` string pairs. Values are trimmed, numbers and booleans
 * stringified.
 */
export function normalizeParams(
  params: Readonly<Record<string, ParamValue>> | Iterable<readonly [string, string]>,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (params === null || typeof params !== 'object') {
    throw new InvalidInputError('"params" must be an object or an iterable of [name, value] pairs', {
      field: 'params',
    });
  }
  if (typeof (params as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function') {
    for (const pair of params as Iterable<readonly [string, string]>) {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
        throw new InvalidInputError('every parameter pair must be [name, value] with two strings', { field: 'params' });
      }
      out.push([pair[0], serviceTrim(pair[1])]);
    }
    return out;
  }
  for (const name of Object.keys(params)) {
    const v = valueString(name, (params as Readonly<Record<string, ParamValue>>)[name]);
    if (v !== undefined) out.push([name, v]);
  }
  return out;
}
