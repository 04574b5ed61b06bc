// Reading a Node request's body: the explicit `body` option, a stream already read, the size cap
// (declared and while streaming), chunks, text streams, errors and early closes, on hand-driven
// event emitters (each event emitted when the test says). body-server.test.ts reads real requests.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../errors/index.js';
import { explicitBody, readIncomingBytes } from './body.js';
import type { IncomingMessageLike } from './incoming.js';

const EVENTS = ['data', 'end', 'error', 'close'] as const;
const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** A request whose stream events the test emits itself; no `pause` unless given. */
class FakeRequest extends EventEmitter implements IncomingMessageLike {
  readonly method = 'POST';
  readonly url = '/paynet/api/v2/sale/1';
  constructor(
    readonly headers: Record<string, string | string[]> = {},
    extra: Partial<Pick<IncomingMessageLike, 'readableEnded' | 'readableDidRead' | 'readableEncoding' | 'body'>> = {},
  ) {
    super();
    Object.assign(this, extra);
  }
  // IncomingMessageLike types listeners by what they are given; EventEmitter's take any[].
  override on(event: string, listener: (...args: never[]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }
  override removeListener(event: string, listener: (...args: never[]) => void): this {
    return super.removeListener(event, listener as (...args: unknown[]) => void);
  }
  listening(): number[] {
    return EVENTS.map((e) => this.listenerCount(e));
  }
}

/** The outcome of a promise the emitted events have settled by now (events are synchronous). */
async function outcome<T>(p: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  const pending = new Promise<never>((_, reject) => setImmediate(() => reject(new Error('still pending'))));
  return Promise.race([
    p.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    pending,
  ]);
}

/** Code, field and message of a refusal. */
function refusal(r: { value: unknown } | { error: unknown }): {
  code: string;
  field?: string | undefined;
  message: string;
} {
  if (!('error' in r)) throw new Error('expected a refusal, got a value');
  const e = r.error;
  expect(e).toBeInstanceOf(PaysigError);
  return { code: (e as PaysigError).code, field: (e as PaysigError).field, message: (e as PaysigError).message };
}

describe('explicitBody (the `body` option)', () => {
  it('takes text as UTF-8, bytes as they are, and an ArrayBuffer as its bytes', () => {
    expect(explicitBody('a=é€', 100)).toEqual(bytes('a=é€'));
    const view = bytes('a=1');
    expect(explicitBody(view, 100)).toBe(view);
    const out = explicitBody(bytes('b=2').buffer as ArrayBuffer, 100);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(out).toString('latin1')).toBe('b=2');
  });

  it('accepts exactly the cap and refuses one byte more', () => {
    expect(explicitBody('x'.repeat(10), 10).byteLength).toBe(10);
    expect(() => explicitBody(new Uint8Array(11), 10)).toThrow(
      expect.objectContaining({ code: 'ERR_BODY_TOO_LARGE', limit: 10 }),
    );
    expect(() => explicitBody(new ArrayBuffer(11), 10)).toThrow(
      expect.objectContaining({ code: 'ERR_BODY_TOO_LARGE' }),
    );
  });

  it.each([
    ['a number', 42],
    ['an object', { a: '1' }],
    ['an array of numbers', [97, 61]],
    ['null', null],
  ])('refuses %s (ERR_INVALID_INPUT, field body)', (_label, body) => {
    const r = (() => {
      try {
        return { value: explicitBody(body as never, 65536) };
      } catch (error) {
        return { error };
      }
    })();
    expect(refusal(r)).toEqual({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
      message: '"body" must be the raw bytes (Uint8Array, ArrayBuffer) or text of the request body',
    });
  });
});

const CONSUMED =
  'paysig verifies the bytes as sent, never a re-serialisation: ' +
  "mount the verification before express.urlencoded()/json() (or the framework's form parser), " +
  "or keep the raw bytes (express.raw({ type: 'application/x-www-form-urlencoded' })) and pass them as { body: req.body }";

/** readIncomingBytes, with the synchronous refusal of a consumed stream as a rejection (as callers see it). */
function start(req: IncomingMessageLike, max: number): Promise<Uint8Array> {
  try {
    return readIncomingBytes(req, max);
  } catch (error) {
    return Promise.reject(error);
  }
}

describe('readIncomingBytes: a stream already read', () => {
  it.each([
    ['ended', { readableEnded: true }],
    ['partly read', { readableDidRead: true, readableEnded: false }],
  ])('refuses a stream %s (ERR_BODY_CONSUMED)', async (_label, extra) => {
    expect(refusal(await outcome(start(new FakeRequest({}, extra), 100)))).toEqual({
      code: 'ERR_BODY_CONSUMED',
      field: 'body',
      message: `the request body was already read; ${CONSUMED}`,
    });
  });

  it.each([
    ['a parsed object', { a: '1' }, true],
    ['parsed text', 'a=1', true],
    ['raw bytes', bytes('a=1'), false],
    ['null', null, false],
  ])('names the body parser only when req.body holds a parse (%s)', async (_label, body, parsed) => {
    const r = refusal(await outcome(start(new FakeRequest({}, { readableEnded: true, body }), 100)));
    expect(r.message).toBe(
      `the request body was already read${parsed ? ' by a body parser (req.body is set)' : ''}; ${CONSUMED}`,
    );
  });
});

describe('readIncomingBytes: the stream', () => {
  it('joins the chunks in order, returns a single chunk as it is, and an empty body as no bytes', async () => {
    const three = new FakeRequest();
    const p = readIncomingBytes(three, 100);
    for (const part of ['amount=', '10.42&', 'currency=EUR']) three.emit('data', bytes(part));
    three.emit('end');
    expect(await outcome(p)).toEqual({ value: bytes('amount=10.42&currency=EUR') });

    const one = new FakeRequest();
    const chunk = bytes('a=1');
    const q = readIncomingBytes(one, 100);
    one.emit('data', chunk);
    one.emit('end');
    expect(await outcome(q)).toEqual({ value: chunk });

    const none = new FakeRequest();
    const e = readIncomingBytes(none, 100);
    none.emit('end');
    expect(await outcome(e)).toEqual({ value: new Uint8Array(0) });
  });

  it('accepts exactly the cap across chunks, stops at the chunk that passes it, and pauses the stream', async () => {
    const exact = new FakeRequest();
    const p = readIncomingBytes(exact, 10);
    exact.emit('data', bytes('12345'));
    exact.emit('data', bytes('67890'));
    exact.emit('end');
    expect(await outcome(p)).toEqual({ value: bytes('1234567890') });

    const over = Object.assign(new FakeRequest(), { paused: 0, pause: () => over.paused++ });
    const q = readIncomingBytes(over, 10);
    over.emit('data', bytes('12345'));
    over.emit('data', bytes('678901'));
    expect(over.paused).toBe(1);
    expect(over.listening()).toEqual([0, 0, 0, 0]);
    expect(refusal(await outcome(q))).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', field: 'body' });
  });

  it('refuses over the cap on a request object without pause()', async () => {
    const req = new FakeRequest();
    const p = readIncomingBytes(req, 4);
    req.emit('data', bytes('12345'));
    expect(refusal(await outcome(p))).toMatchObject({ code: 'ERR_BODY_TOO_LARGE' });
  });

  it('refuses a stream that yields text, and one on which setEncoding() was called', async () => {
    const text = new FakeRequest();
    const p = readIncomingBytes(text, 100);
    text.emit('data', 'a=1');
    text.emit('end');
    expect(refusal(await outcome(p))).toEqual({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
      message: 'the request stream yields text: paysig needs its raw bytes',
    });

    const decoding = new FakeRequest({}, { readableEncoding: 'utf8' });
    const q = readIncomingBytes(decoding, 100);
    decoding.emit('data', 'a=1');
    decoding.emit('end');
    expect(refusal(await outcome(q))).toEqual({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
      message: 'setEncoding() was called on the request: paysig needs its raw bytes',
    });
  });

  it('rejects on a stream error (with it as the cause) and on a close before the end', async () => {
    const failing = new FakeRequest();
    const p = readIncomingBytes(failing, 100);
    const cause = new Error('aborted');
    failing.emit('data', bytes('a=1'));
    failing.emit('error', cause);
    const r = await outcome(p);
    expect(refusal(r)).toEqual({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
      message: 'the request body could not be read (the client went away?)',
    });
    expect((r as { error: Error }).error.cause).toBe(cause);

    const closed = new FakeRequest();
    const q = readIncomingBytes(closed, 100);
    closed.emit('data', bytes('a=1'));
    closed.emit('close');
    expect(refusal(await outcome(q))).toEqual({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
      message: 'the connection closed before the whole request body arrived',
    });
  });

  it.each([
    ['the end', (r: FakeRequest) => r.emit('end')],
    ['too many bytes', (r: FakeRequest) => r.emit('data', new Uint8Array(101))],
    ['text', (r: FakeRequest) => r.emit('data', 'a')],
    ['an error', (r: FakeRequest) => r.emit('error', new Error('x'))],
    ['a close', (r: FakeRequest) => r.emit('close')],
  ])('removes each of its listeners after %s', async (_label, settle) => {
    const req = new FakeRequest();
    const p = readIncomingBytes(req, 100);
    expect(req.listening()).toEqual([1, 1, 1, 1]);
    settle(req);
    expect(req.listening()).toEqual([0, 0, 0, 0]);
    await outcome(p);
  });
});

describe('readIncomingBytes: Content-Length', () => {
  /** Resolves with the body, or rejects, after the test emitted `sent` (or refused before listening). */
  async function read(declared: string, sent: string, max: number) {
    const req = new FakeRequest({ 'content-length': declared });
    const p = readIncomingBytes(req, max);
    const listened = req.listenerCount('data') > 0;
    req.emit('data', bytes(sent));
    req.emit('end');
    return { listened, result: await outcome(p) };
  }

  it('refuses a declared length over the cap before reading, however many digits it has', async () => {
    for (const declared of ['11', '1' + '0'.repeat(15), '9'.repeat(400)]) {
      const { listened, result } = await read(declared, '', 10);
      expect(listened).toBe(false);
      expect(refusal(result)).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', field: 'body' });
    }
  });

  it('reads a declared length of exactly the cap, leading zeros included', async () => {
    expect(await read('10', '1234567890', 10)).toEqual({ listened: true, result: { value: bytes('1234567890') } });
    expect(await read('0'.repeat(20) + '10', '1234567890', 10)).toMatchObject({
      result: { value: bytes('1234567890') },
    });
  });

  it('does not take a Content-Length that is no plain decimal as a size: the cap applies while streaming', async () => {
    for (const declared of ['1e3', '0x400', '1000abc', 'abc1000', '+1000']) {
      expect(await read(declared, 'a=1', 10)).toEqual({ listened: true, result: { value: bytes('a=1') } });
    }
  });
});
