/**
 * The two Redis client libraries paysig/redis accepts, told apart by what they are (not by a
 * flag), and the calls the store makes through them: `EVALSHA` (or `EVAL`) and `CONFIG GET`.
 *
 * @module
 * @internal
 */
import { InvalidInputError, UnsupportedError } from '../../errors/index.js';

/** Which client library a client comes from. */
export type RedisClientFlavor = 'node-redis' | 'ioredis';

/**
 * A node-redis (v4, v5) or ioredis client, single node or cluster: anything with an `eval`
 * method. Which library it comes from is detected: node-redis clients have `isOpen`, ioredis
 * clients a string `status`.
 */
export interface RedisClientLike {
  /** node-redis: `eval(script, { keys, arguments })`; ioredis: `eval(script, numKeys, ...keysAndArgs)`. */
  eval(...args: never[]): Promise<unknown>;
}

/** What the store does through a client. @internal */
export interface RedisCalls {
  readonly flavor: RedisClientFlavor;
  /** True for a cluster client (ioredis `Cluster`, node-redis `createCluster`). */
  readonly cluster: boolean;
  /**
   * Runs a script by its SHA-1 (`EVALSHA`, so Redis neither receives nor hashes the body on each
   * call), sending the body (`EVAL`) when Redis does not have it yet or the client has no EVALSHA.
   */
  evalScript(script: string, sha: string, keys: string[], args: string[]): Promise<unknown>;
  /** The value of a configuration parameter; rejects when CONFIG is unavailable. */
  configGet(parameter: string): Promise<unknown>;
  /** True when the client says it is not connected and will not connect by itself. */
  closed(): boolean;
  /**
   * False when the client says it is not connected right now (connecting, reconnecting): a
   * command sent then would wait in the client's offline queue. Undefined when it cannot tell.
   */
  connected(): boolean | undefined;
}

/** True for the error Redis gives to EVALSHA of a script it does not hold. */
const noScript = (e: unknown) => e instanceof Error && /NOSCRIPT/.test(e.message);

type Method = (...args: unknown[]) => Promise<unknown>;

function method(client: object, name: string): Method | undefined {
  const m = (client as Record<string, unknown>)[name];
  return typeof m === 'function' ? (m as Method).bind(client) : undefined;
}

/** The library a client comes from, from its shape; `undefined` when it cannot be told. */
export function detectFlavor(client: object): RedisClientFlavor | undefined {
  const nodeRedis = 'isOpen' in client;
  const ioredis = typeof (client as { status?: unknown }).status === 'string';
  if (nodeRedis === ioredis) return undefined;
  return nodeRedis ? 'node-redis' : 'ioredis';
}

/**
 * Wraps a client. The `flavor` option is used only for a client whose library cannot be detected
 * (a proxy, a wrapper); a flavor that contradicts the client is refused, since calling one
 * library's API on the other's client sends a different command. @internal
 */
export function redisCalls(client: unknown, flavorOption: unknown): RedisCalls {
  if (client === null || typeof client !== 'object' || method(client, 'eval') === undefined) {
    throw new InvalidInputError(
      'RedisNonceStore needs a node-redis or ioredis client (an object with an "eval" method)',
      {
        field: 'client',
      },
    );
  }
  if (flavorOption !== undefined && flavorOption !== 'node-redis' && flavorOption !== 'ioredis') {
    throw new InvalidInputError('"flavor" must be "node-redis" or "ioredis"', { field: 'flavor' });
  }
  const detected = detectFlavor(client);
  if (detected !== undefined && flavorOption !== undefined && detected !== flavorOption) {
    throw new InvalidInputError(
      `"flavor" is "${flavorOption}" but the client is a ${detected} client; leave "flavor" out`,
      {
        field: 'flavor',
      },
    );
  }
  const flavor = detected ?? flavorOption;
  if (flavor === undefined) {
    throw new InvalidInputError('cannot tell the Redis client library; pass { flavor: "node-redis" | "ioredis" }', {
      field: 'flavor',
    });
  }
  const evalFn = method(client, 'eval')!;
  const c = client as { isOpen?: unknown; isReady?: unknown; status?: unknown; isCluster?: unknown };
  const cluster = c.isCluster === true || method(client, 'getSlotMaster') !== undefined;
  if (flavor === 'node-redis') {
    const configGet = method(client, 'configGet');
    const evalSha = method(client, 'evalSha');
    return {
      flavor,
      cluster,
      // node-redis: isOpen is false until connect() and after close()/destroy().
      closed: () => c.isOpen === false,
      // isReady: false while (re)connecting (a cluster client has only isOpen).
      connected: () => (typeof c.isReady === 'boolean' ? c.isReady : undefined),
      evalScript: async (script, sha, keys, args) => {
        if (evalSha !== undefined) {
          try {
            return await evalSha(sha, { keys, arguments: args });
          } catch (e) {
            if (!noScript(e)) throw e;
          }
        }
        return evalFn(script, { keys, arguments: args });
      },
      configGet: async (parameter) => {
        if (configGet === undefined) throw new UnsupportedError('the client has no configGet method');
        return ((await configGet(parameter)) as Record<string, unknown> | null)?.[parameter];
      },
    };
  }
  const config = method(client, 'config');
  const evalsha = method(client, 'evalsha');
  return {
    flavor,
    cluster,
    // ioredis: 'end' after quit()/disconnect() or once it gave up reconnecting.
    closed: () => c.status === 'end',
    // 'wait' (lazyConnect) connects on the first command, so only (re)connecting counts as not connected.
    connected: () => (typeof c.status === 'string' ? c.status === 'ready' || c.status === 'wait' : undefined),
    evalScript: async (script, sha, keys, args) => {
      if (evalsha !== undefined) {
        try {
          return await evalsha(sha, keys.length, ...keys, ...args);
        } catch (e) {
          if (!noScript(e)) throw e;
        }
      }
      return evalFn(script, keys.length, ...keys, ...args);
    },
    configGet: async (parameter) => {
      if (config === undefined) throw new UnsupportedError('the client has no config method');
      const reply = await config('GET', parameter);
      return Array.isArray(reply) && reply[0] === parameter ? reply[1] : undefined;
    },
  };
}

/**
 * Makes sure an `'error'` event cannot crash the process: node-redis (and any EventEmitter)
 * throws an `'error'` emitted with no listener, which kills the process when Redis goes away. When
 * the client has none, `onError` is added. @internal
 */
export function guardErrorEvents(client: object, onError: (e: unknown) => void): void {
  const c = client as { listenerCount?: unknown; on?: unknown };
  if (typeof c.listenerCount !== 'function' || typeof c.on !== 'function') return;
  if ((c.listenerCount as (event: string) => number).call(client, 'error') > 0) return;
  (c.on as (event: string, listener: (e: unknown) => void) => unknown).call(client, 'error', onError);
}

/** The causes that mean "not connected", as node-redis and ioredis word them. @internal */
export function isClosedError(e: unknown): boolean {
  const message = e instanceof Error ? e.message : '';
  return /\bclient is closed\b|\bconnection is closed\b/i.test(message);
}
