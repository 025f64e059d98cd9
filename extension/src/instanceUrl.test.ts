import { describe, expect, it } from 'vitest';
import { isLocalHost, normaliseInstanceUrl } from './instanceUrl.ts';

describe('normaliseInstanceUrl', () => {
  it('keeps only the origin of an https address', () => {
    expect(normaliseInstanceUrl('  https://Tidings.Example.org/reader/feed?x=1#top ')).toEqual({
      ok: true,
      origin: 'https://tidings.example.org',
    });
    expect(normaliseInstanceUrl('https://tidings.example.org:8443/')).toEqual({ ok: true, origin: 'https://tidings.example.org:8443' });
  });

  it('assumes https when no scheme is typed', () => {
    expect(normaliseInstanceUrl('tidings.example.org')).toEqual({ ok: true, origin: 'https://tidings.example.org' });
  });

  it('allows plain http only for this machine and private networks', () => {
    for (const address of [
      'http://localhost:4000',
      'http://127.0.0.1:4000/x',
      'http://192.168.1.20',
      'http://10.0.0.5',
      'http://172.20.1.1',
      'http://[::1]:4000',
      'http://app.localhost',
    ]) {
      expect(normaliseInstanceUrl(address)).toMatchObject({ ok: true });
    }
    expect(normaliseInstanceUrl('http://localhost:4000/settings')).toEqual({ ok: true, origin: 'http://localhost:4000' });
    expect(normaliseInstanceUrl('http://tidings.example.org')).toMatchObject({ ok: false, error: expect.stringContaining('https://') });
    expect(normaliseInstanceUrl('http://172.32.0.1')).toMatchObject({ ok: false });
  });

  it('rejects what is not a web address', () => {
    expect(normaliseInstanceUrl('')).toMatchObject({ ok: false, error: expect.stringContaining('Enter') });
    expect(normaliseInstanceUrl('https://')).toMatchObject({ ok: false, error: expect.stringContaining('not a valid address') });
    expect(normaliseInstanceUrl('ftp://example.org')).toMatchObject({ ok: false, error: expect.stringContaining('https://') });
    expect(normaliseInstanceUrl('https://me:secret@example.org')).toMatchObject({ ok: false, error: expect.stringContaining('password') });
  });
});

describe('isLocalHost', () => {
  it('knows loopback, RFC 1918 and unique-local IPv6 from public addresses', () => {
    expect(
      ['localhost', '127.0.0.2', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '[::1]', '[fd12:3456::1]'].map(isLocalHost),
    ).toEqual(Array(8).fill(true));
    expect(['example.org', '8.8.8.8', '172.15.0.1', '192.169.0.1', '11.0.0.1', 'localhost.example.org'].map(isLocalHost)).toEqual(
      Array(6).fill(false),
    );
  });
});
