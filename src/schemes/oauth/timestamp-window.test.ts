// The timestamp window of verifyOAuth: a timestamp more than the future bound ahead, and one that
// reads as milliseconds (Date.now() sent as seconds), are refused with different messages, so the
// operator is told which mistake the client made. The millisecond hint needs all three: beyond the
// future bound, at least 10^12 (the year 2001 in milliseconds), and over a hundred times the clock.
import { describe, expect, it } from 'vitest';
import { checkTimestampWindow } from './protocol.js';

const MS = /^oauth_timestamp looks like milliseconds \(Date\.now\(\)\)/;
const FUTURE = /^oauth_timestamp is \d+ s in the future; at most \d+ s is allowed/;

/** The message checkTimestampWindow refuses with, or 'accepted'. */
function outcome(timestamp: number, now: number, maxSkew: number, maxFuture: number): string {
  try {
    checkTimestampWindow(timestamp, now, maxSkew, maxFuture);
    return 'accepted';
  } catch (e) {
    expect((e as { code: string }).code).toBe('ERR_OAUTH_TIMESTAMP');
    return (e as Error).message;
  }
}

describe('checkTimestampWindow: milliseconds or merely in the future', () => {
  it('Date.now() sent as seconds is named as milliseconds', () => {
    expect(outcome(1_700_000_000_123, 1_700_000_000, 300, 30)).toMatch(MS);
  });

  it('10^12 exactly counts as milliseconds; 100 times the clock exactly does not', () => {
    expect(outcome(1e12, 1e9, 300, 30)).toMatch(MS);
    expect(outcome(1e12, 1e10, 300, 30)).toMatch(FUTURE);
  });

  it('below 10^12, or not a hundred times the clock, it is only in the future', () => {
    expect(outcome(1e11, 1e8, 300, 30)).toMatch(FUTURE);
    expect(outcome(1e12, 1e11, 300, 30)).toMatch(FUTURE);
  });

  it('within the future bound nothing is refused, however large the number', () => {
    expect(outcome(1e12, 0, 300, 1e13)).toBe('accepted');
    expect(outcome(1e12, 0, 300, 1e12)).toBe('accepted');
  });
});
