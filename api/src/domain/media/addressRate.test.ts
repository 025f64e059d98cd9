import { describe, expect, it } from 'vitest';
import { AddressRate } from './addressRate.ts';

describe('AddressRate', () => {
  it('lets an address make its points in a window, then says how long until the window ends', () => {
    let now = 0;
    const rate = new AddressRate(2, 60_000, () => now);
    expect(rate.spend('192.0.2.1')).toBeNull();
    now = 10_000;
    expect(rate.spend('192.0.2.1')).toBeNull();
    expect(rate.spend('192.0.2.1')).toBe(50);
    expect(rate.spend('192.0.2.2')).toBeNull(); // another address counts on its own
    now = 60_000;
    expect(rate.spend('192.0.2.1')).toBeNull(); // a new window
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', () => {
    const rate = new AddressRate(1, 60_000);
    expect(rate.spend('2001:db8:0:1::1')).toBeNull();
    expect(rate.spend('2001:db8:0:1:ffff::2')).not.toBeNull();
    expect(rate.spend('2001:db8:0:2::1')).toBeNull();
    expect(rate.spend('192.0.2.9')).toBeNull();
    expect(rate.spend('::ffff:192.0.2.9')).not.toBeNull();
  });

  it('forgets ended windows, so that many addresses do not pile up', () => {
    let now = 0;
    const rate = new AddressRate(5, 1000, () => now);
    for (let n = 0; n < 100; n += 1) rate.spend(`198.51.100.${n}`);
    expect(rate.size).toBe(100);
    now = 1000;
    rate.spend('203.0.113.1');
    expect(rate.size).toBe(1);
  });
});
