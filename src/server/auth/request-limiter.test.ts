import { describe, expect, test } from 'vitest';
import { addressKey, RequestLimiter } from './request-limiter';

describe('RequestLimiter (per process)', () => {
  test('full, it forgets idle keys, never one still being refused', () => {
    let now = 1_000_000;
    const limiter = new RequestLimiter(2, 60_000, 'Too many', () => now, 10);
    limiter.take(['abuser']);
    limiter.take(['abuser']);
    for (let i = 0; i < 50; i++) {
      now += 10;
      limiter.take([`visitor${i}`]);
      expect(() => limiter.take(['abuser'])).toThrow('Too many');
    }
    // The window passes: the abuser may come back.
    now += 60_001;
    expect(() => limiter.take(['abuser'])).not.toThrow();
  });
});

describe('addressKey', () => {
  test('IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:0:ffff::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
