// The body read deadline: a raw TCP client (node:net) that sends its headers and part of a body
// under the cap, then stalls, or trickles it, gets 408 (ERR_BODY_TIMEOUT) instead of holding the
// handler; the 30 s default and the option's checks on a hand-driven request with fake timers.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpStatusOf } from '../errors/index.js';
import { DEFAULT_BODY_TIMEOUT_MS, readIncomingBytes } from './body.js';
import { bodyTimeoutOf } from '../verifier/config.js';
import type { IncomingMessageLike } from './incoming.js';
import { toFetchRequest, verifyIncoming } from './index.js';

const HEAD =
  'POST /paynet/api/v2/sale/1111 HTTP/1.1\r\nHost: gate.example.com\r\n' +
  'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n';

/**
 * Serves one request with `handle`, sends it from a raw socket (`write` gets the socket), and
 * resolves with the status line the server answered and the error the handler met.
 */
async function stalled(
  handle: (req: IncomingMessage) => Promise<unknown>,
  write: (socket: ReturnType<typeof connect>) => void,
): Promise<{ status: string; error: unknown }> {
  let error: unknown;
  const server = createServer((req, res) => {
    handle(req).then(
      () => res.writeHead(200).end(),
      (e: unknown) => {
        error = e;
        res.writeHead(httpStatusOf(e), { connection: 'close' }).end();
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  try {
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('latin1');
        if (text.includes('\r\n')) resolve(text.slice(0, text.indexOf('\r\n')));
      });
      socket.on('close', () => resolve(text));
    });
    socket.on('error', () => undefined);
    write(socket);
    return { status: await answer, error };
  } finally {
    socket.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

describe('a body that stalls under the cap (raw TCP)', () => {
  const options = { basePath: '/paynet', credentials: () => undefined, bodyTimeoutMs: 300 };

  it('verifyIncoming refuses it with 408 ERR_BODY_TIMEOUT once the deadline passes', async () => {
    const { status, error } = await stalled(
      (req) => verifyIncoming(req, options),
      (s) => s.write(HEAD + 'client_orderid=902B4FF5&amo'),
    );
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(error).toMatchObject({ code: 'ERR_BODY_TIMEOUT', field: 'body', timeoutMs: 300 });
  });

  it('toFetchRequest too, for a client that trickles a byte at a time (the deadline is for the whole body)', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { status, error } = await stalled(
      (req) => toFetchRequest(req, { bodyTimeoutMs: 300 }),
      (s) => {
        s.write(HEAD);
        timer = setInterval(() => s.write('a'), 20);
      },
    );
    clearInterval(timer);
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(error).toMatchObject({ code: 'ERR_BODY_TIMEOUT' });
  });
});

/** A request whose stream events the test emits, without pause() (IncomingMessageLike makes it optional). */
class BareStream extends EventEmitter implements IncomingMessageLike {
  readonly headers = {};
  // IncomingMessageLike types listeners by what they are given; EventEmitter's take any[].
  override on(event: string, listener: (...args: never[]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }
  override removeListener(event: string, listener: (...args: never[]) => void): this {
    return super.removeListener(event, listener as (...args: unknown[]) => void);
  }
  listening(): number {
    return this.listenerCount('data') + this.listenerCount('end') + this.listenerCount('close');
  }
}

/** A BareStream that counts the calls of its pause(). */
class Stream extends BareStream {
  paused = 0;
  pause(): void {
    this.paused++;
  }
}

describe('the deadline on a hand-driven request', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 30 s by default: pending at 29,999 ms, refused at 30,000 ms, and the stream paused and let go', async () => {
    vi.useFakeTimers();
    const req = new Stream();
    let settled: unknown;
    readIncomingBytes(req, 100).then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    req.emit('data', new Uint8Array(3));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ code: 'ERR_BODY_TIMEOUT', timeoutMs: DEFAULT_BODY_TIMEOUT_MS });
    expect(req.paused).toBe(1);
    expect(req.listening()).toBe(0);
  });

  it('is cleared when the body arrives in time, and Infinity sets none', async () => {
    vi.useFakeTimers();
    const req = new Stream();
    const p = readIncomingBytes(req, 100, 1000);
    req.emit('end');
    await expect(p).resolves.toEqual(new Uint8Array(0));
    expect(vi.getTimerCount()).toBe(0);
    const open = new Stream();
    void readIncomingBytes(open, 100, Number.POSITIVE_INFINITY);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is armed only for a body that has not ended by the end of the turn in which reading began', async () => {
    vi.useFakeTimers();
    const armed = vi.spyOn(globalThis, 'setTimeout');
    try {
      // The usual case: the body came in the same packets as the headers and ends in this turn.
      const req = new Stream();
      const p = readIncomingBytes(req, 100, 1000);
      req.emit('data', new Uint8Array([1, 2]));
      req.emit('end');
      await expect(p).resolves.toEqual(new Uint8Array([1, 2]));
      expect(armed).not.toHaveBeenCalled();
      // A body still arriving then gets the deadline, counted from that turn.
      const late = new Stream();
      let settled: unknown;
      readIncomingBytes(late, 100, 1000).then(
        (v) => (settled = v),
        (e: unknown) => (settled = e),
      );
      late.emit('data', new Uint8Array(1));
      await vi.advanceTimersByTimeAsync(999);
      expect(armed).toHaveBeenCalledTimes(1);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toMatchObject({ code: 'ERR_BODY_TIMEOUT', timeoutMs: 1000 });
    } finally {
      armed.mockRestore();
    }
  });

  it('is cleared when the body ends after it was armed: nothing fires or pauses the stream later', async () => {
    vi.useFakeTimers();
    const req = new Stream();
    const p = readIncomingBytes(req, 100, 1000);
    req.emit('data', new Uint8Array([1, 2]));
    await vi.advanceTimersByTimeAsync(500);
    expect(vi.getTimerCount()).toBe(1);
    req.emit('end');
    await expect(p).resolves.toEqual(new Uint8Array([1, 2]));
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(req.paused).toBe(0);
  });

  it('refuses at the deadline a request object without pause(), and lets it go', async () => {
    vi.useFakeTimers();
    const req = new BareStream();
    let settled: unknown;
    readIncomingBytes(req, 100, 1000).then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    req.emit('data', new Uint8Array(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toMatchObject({ code: 'ERR_BODY_TIMEOUT', field: 'body', timeoutMs: 1000 });
    expect(req.listening()).toBe(0);
  });

  it('applies up to 2^31 - 1 ms; from 2^31 ms (more than setTimeout can wait, it would fire at once) there is none', async () => {
    vi.useFakeTimers();
    const longest = 2 ** 31 - 1;
    const req = new Stream();
    let settled: unknown;
    readIncomingBytes(req, 100, longest).then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    req.emit('data', new Uint8Array(1));
    await vi.advanceTimersByTimeAsync(longest - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ code: 'ERR_BODY_TIMEOUT', timeoutMs: longest });
    for (const none of [2 ** 31, Number.POSITIVE_INFINITY]) {
      const open = new Stream();
      let read: unknown;
      readIncomingBytes(open, 100, none).then(
        (v) => (read = v),
        (e: unknown) => (read = e),
      );
      open.emit('data', new Uint8Array([7]));
      await vi.advanceTimersByTimeAsync(2 ** 32);
      expect(read).toBeUndefined();
      open.emit('end');
      await vi.advanceTimersByTimeAsync(0);
      expect(read).toEqual(new Uint8Array([7]));
      expect(open.paused).toBe(0);
    }
  });

  it('checks the option: a positive number of milliseconds', () => {
    expect(bodyTimeoutOf(undefined)).toBe(30_000);
    expect(bodyTimeoutOf(5)).toBe(5);
    expect(bodyTimeoutOf(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    for (const bad of [0, -1, Number.NaN, '100' as never]) {
      expect(() => bodyTimeoutOf(bad)).toThrow(
        expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'bodyTimeoutMs' }),
      );
    }
  });
});
