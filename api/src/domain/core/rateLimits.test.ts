import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './rateLimits.ts';

describe('addressLimitKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    [' 198.51.100.7 ', '198.51.100.7'],
    ['2001:db8:0:1::7', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:0000:0000:0000:0007', '2001:db8:0:1::/64'],
    ['2001:DB8:0:1:FFFF:FFFF:FFFF:FFFF', '2001:db8:0:1::/64'],
    ['2001:db8:0:1:a:b:192.0.2.1', '2001:db8:0:1::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
    ['::2001:db8:1:2:3', '0:0:0:2001::/64'],
    ['::', '0:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['fe80::2%25en0', 'fe80:0:0:0::/64'],
    ['[2001:db8:0:1::7]', '2001:db8:0:1::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['0:0:0:0:0:ffff:c000:0201', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['::ffff:0:192.0.2.1', '0:0:0:0::/64'],
    ['not an address', 'not an address'],
    ['', ''],
  ])('counts %j as %j', (address, key) => {
    expect(addressLimitKey(address)).toBe(key);
  });

  it('gives every address of one /64 one key, and the neighbouring /64 another', () => {
    const keys = new Set(['2001:db8:1:2::1', '2001:db8:1:2:ffff::', '2001:db8:1:2:1234:5678:9abc:def0'].map(addressLimitKey));
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
    expect(addressLimitKey('2001:db8:1:3::1')).not.toBe(addressLimitKey('2001:db8:1:2::1'));
  });
});
