// The gateway's answers: the success fields in the service's names (docs/testing.md, "What it
// answers") and the X-Paysig-Explanation header text (printable ASCII, bounded length).
import { describe, expect, it } from 'vitest';
import { headerText, successFields } from './reply.js';

describe('headerText', () => {
  it('keeps printable ASCII, space to tilde, as it is', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    expect(headerText(printable)).toBe(printable);
  });

  it('writes control characters, DEL and non-ASCII as \\uXXXX, padded to four hex digits', () => {
    expect(headerText('a\tb')).toBe('a\\u0009b');
    expect(headerText('\u001f')).toBe('\\u001f');
    expect(headerText('del\u007f')).toBe('del\\u007f');
    expect(headerText('zoë')).toBe('zo\\u00eb');
    expect(headerText('€5')).toBe('\\u20ac5');
  });

  it('writes a character above U+FFFF as its surrogate pair, so every escape has four hex digits', () => {
    const text = 'a\u{1f600}b';
    expect(headerText(text)).toBe('a\\ud83d\\ude00b');
    // Read back as a JSON string, the header gives the text again; a lone surrogate stays escaped.
    expect(JSON.parse(`"${headerText(text)}"`)).toBe(text);
    expect(headerText('\ud800x')).toBe('\\ud800x');
  });

  it('keeps a text of exactly max characters whole', () => {
    expect(headerText('abcdef', 6)).toBe('abcdef');
    const line = 'x'.repeat(2048);
    expect(headerText(line)).toBe(line);
  });

  it('cuts a longer text to max characters, the last three of them "..."', () => {
    expect(headerText('abcdefg', 6)).toBe('abc...');
    const cut = headerText('y'.repeat(3000));
    expect(cut).toBe(`${'y'.repeat(2045)}...`);
    expect(cut).toHaveLength(2048);
  });
});

describe('successFields', () => {
  const accepted = { status: 'processing', order: '1000', merchantOrderId: 'order-1' };

  it('answers a sale as async-response with end-point-id and no card-ref-id', () => {
    const fields = successFields({ ...accepted, operationId: 'sale', endpoint: '1111' });
    expect(fields.map(([n]) => n)).toEqual([
      'type',
      'status',
      'paynet-order-id',
      'merchant-order-id',
      'serial-number',
      'end-point-id',
    ]);
    const f = new Map(fields);
    expect(f.get('type')).toBe('async-response');
    expect(f.get('status')).toBe('processing');
    expect(f.get('paynet-order-id')).toBe('1000');
    expect(f.get('merchant-order-id')).toBe('order-1');
    expect(f.get('serial-number')).toMatch(/^[0-9a-f]{32}$/);
    expect(f.get('end-point-id')).toBe('1111');
  });

  it('leaves out end-point-id when the request named no endpoint', () => {
    const fields = successFields({ ...accepted, operationId: 'status', endpoint: undefined });
    expect(fields.map(([n]) => n)).toEqual(['type', 'status', 'paynet-order-id', 'merchant-order-id', 'serial-number']);
    expect(new Map(fields).get('type')).toBe('status-response');
  });

  it.each(['create-card-ref', 'create-card-ref-v4'])(
    'answers %s as create-card-ref-response with card-ref-id test-card-ref-<n>',
    (operationId) => {
      const fields = successFields({ ...accepted, operationId, endpoint: '1111' });
      expect(fields[0]).toEqual(['type', 'create-card-ref-response']);
      expect(fields.at(-1)).toEqual(['card-ref-id', 'test-card-ref-1000']);
      expect(fields).toHaveLength(7);
    },
  );

  it('gives get-card-info no card-ref-id of its own', () => {
    const fields = successFields({ ...accepted, operationId: 'get-card-info', endpoint: '1111' });
    expect(fields[0]).toEqual(['type', 'get-card-info-response']);
    expect(fields.map(([n]) => n)).not.toContain('card-ref-id');
  });
});
