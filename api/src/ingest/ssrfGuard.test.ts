import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { FeedFetchError } from './fetchError.ts';
import { blockedRange, guardedLookup, isAllowedAddress, parseFetchableUrl, type AddressPolicy } from './ssrfGuard.ts';

const guarded: AddressPolicy = { allowPrivateHosts: false };
const open: AddressPolicy = { allowPrivateHosts: true };

describe('blockedRange', () => {
  it.each([
    // IPv4
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'], // cloud metadata
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['192.0.2.1', 'reserved'], // TEST-NET-1
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'], // benchmarking
    // IPv6
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['2001:db8::1', 'reserved'], // documentation
    ['2001::1', 'teredo'],
    ['64:ff9b:1::1', 'rfc6052'], // local-use NAT64
    // IPv6 forms that carry an IPv4 address are judged by that address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'], // ::ffff:169.254.169.254
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0:7f00:1', 'loopback'], // RFC 6145 translated
    ['::127.0.0.1', 'loopback'], // deprecated IPv4-compatible
    ['::7f00:1', 'loopback'],
    ['::808:808', 'reserved'], // IPv4-compatible ::8.8.8.8 is never a destination, even for a public IPv4
    ['64:ff9b::7f00:1', 'loopback'], // NAT64 of 127.0.0.1
    ['64:ff9b::a00:1', 'private'], // NAT64 of 10.0.0.1
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    // not an address at all
    ['example.org', 'invalid'],
  ])('refuses %s as %s', (address, range) => {
    expect(blockedRange(address)).toBe(range);
    expect(isAllowedAddress(address, guarded)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(blockedRange(address)).toBeNull();
    expect(isAllowedAddress(address, guarded)).toBe(true);
  });

  it('lets allowPrivateHosts lift the check, and allowedAddresses exempt single addresses in any spelling', () => {
    expect(isAllowedAddress('127.0.0.1', open)).toBe(true);
    expect(isAllowedAddress('169.254.169.254', open)).toBe(true);
    const oneHost: AddressPolicy = { allowPrivateHosts: false, allowedAddresses: ['127.0.0.1'] };
    expect(isAllowedAddress('127.0.0.1', oneHost)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', oneHost)).toBe(true);
    expect(isAllowedAddress('127.0.0.2', oneHost)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', oneHost)).toBe(false);
  });
});

function refusal(fn: () => unknown): FeedFetchError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    return error as FeedFetchError;
  }
  throw new Error('expected a FeedFetchError');
}

describe('parseFetchableUrl', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://ftp.example.org/feed.xml',
    'javascript:alert(1)',
    'data:text/xml,<rss/>',
    'gopher://example.org/',
    'ws://example.org/',
  ])('refuses the scheme of %s even with allowPrivateHosts', (url) => {
    for (const policy of [guarded, open]) {
      const error = refusal(() => parseFetchableUrl(url, policy));
      expect(error.kind).toBe('invalid-url');
      expect(error.message).toBe('Only http and https addresses can be fetched');
    }
  });

  it.each(['not a url', 'http://', '//example.org/feed', ''])('refuses %j as not a web address', (url) => {
    expect(refusal(() => parseFetchableUrl(url, guarded))).toMatchObject({
      kind: 'invalid-url',
      message: 'This is not a valid web address',
    });
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/', // decimal
    'http://0177.0.0.1/', // octal
    'http://0x7f.1/', // hex, short form
    'http://0x7f000001/',
    'http://127.1/', // short form
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'https://169.254.169.254/latest/meta-data/',
    'http://0xa9.0xfe.0xa9.0xfe/', // 169.254.169.254 in hex
    'http://10.1.2.3:8080/feed',
    'http://[fd00::2]/',
    'http://[fe80::1]/',
    'http://100.64.1.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
  ])('refuses the address in %s however it is spelled', (url) => {
    expect(refusal(() => parseFetchableUrl(url, guarded))).toMatchObject({ kind: 'blocked-address' });
  });

  it('says why an address is refused in words a subscriber understands', () => {
    expect(refusal(() => parseFetchableUrl('http://192.168.0.10/rss', guarded)).message).toBe(
      'This address is not allowed (private network)',
    );
    expect(refusal(() => parseFetchableUrl('http://169.254.169.254/', guarded)).message).toBe(
      'This address is not allowed (private network)',
    );
    expect(refusal(() => parseFetchableUrl('http://240.0.0.1/', guarded)).message).toBe('This address is not allowed (reserved address)');
  });

  it('accepts public addresses and host names (names are checked once resolved), and private ones when allowed', () => {
    expect(parseFetchableUrl('https://example.org/feed.xml', guarded).href).toBe('https://example.org/feed.xml');
    expect(parseFetchableUrl('http://8.8.8.8/feed', guarded).hostname).toBe('8.8.8.8');
    expect(parseFetchableUrl('http://localhost/feed', guarded).hostname).toBe('localhost');
    expect(parseFetchableUrl('http://2130706433/', open).hostname).toBe('127.0.0.1');
  });
});

describe('guardedLookup', () => {
  const resolver = (addresses: dns.LookupAddress[]) => async () => addresses;
  const lookup = (policy: AddressPolicy, addresses: dns.LookupAddress[], options: dns.LookupOptions = {}) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup(policy, resolver(addresses))('feed.example.test', options, (error, address, family) =>
        resolve({ error, address, family }),
      ),
    );

  it('refuses a name that resolves only to private addresses', async () => {
    const { error } = await lookup(guarded, [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(error).toBeInstanceOf(FeedFetchError);
    expect(error).toMatchObject({ kind: 'blocked-address', message: 'This address is not allowed (private network)' });
  });

  it('refuses a name that resolves to the metadata address or an IPv4-mapped loopback', async () => {
    expect((await lookup(guarded, [{ address: '169.254.169.254', family: 4 }])).error).toMatchObject({ kind: 'blocked-address' });
    expect((await lookup(guarded, [{ address: '::ffff:127.0.0.1', family: 6 }])).error).toMatchObject({ kind: 'blocked-address' });
  });

  it('hands the socket only the allowed addresses of a name with both kinds', async () => {
    const addresses = [
      { address: '10.0.0.5', family: 4 },
      { address: '93.184.215.14', family: 4 },
      { address: 'fd00::1', family: 6 },
    ];
    expect(await lookup(guarded, addresses, { all: true })).toEqual({
      error: null,
      address: [{ address: '93.184.215.14', family: 4 }],
      family: undefined,
    });
    expect(await lookup(guarded, addresses)).toEqual({ error: null, address: '93.184.215.14', family: 4 });
  });

  it('passes private addresses when allowPrivateHosts is on', async () => {
    expect(await lookup(open, [{ address: '127.0.0.1', family: 4 }])).toEqual({ error: null, address: '127.0.0.1', family: 4 });
  });

  it('honours the family the socket asks for', async () => {
    const addresses = [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ];
    expect((await lookup(guarded, addresses, { family: 6 })).address).toBe('2606:2800:21f:cb07:6820:80da:af6b:8b2c');
  });

  it('checks at every connection, so a name that rebinds to a private address is refused the second time', async () => {
    const answers: dns.LookupAddress[][] = [[{ address: '93.184.215.14', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const rebinding = guardedLookup(guarded, async () => answers.shift() ?? []);
    const ask = () =>
      new Promise<NodeJS.ErrnoException | null>((resolve) => rebinding('rebind.example.test', {}, (error) => resolve(error)));
    expect(await ask()).toBeNull();
    expect(await ask()).toMatchObject({ kind: 'blocked-address' });
  });
});
