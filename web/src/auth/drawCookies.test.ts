import { describe, expect, it } from 'vitest';
import { savedViewIn, viewCookieValue, writeDrawCookie } from './drawCookies';

/** A document whose cookie assignments are kept, as the browser receives them. */
const documentAt = (protocol: string) => {
  const written: string[] = [];
  const doc = {
    location: { protocol },
    set cookie(value: string) {
      written.push(value);
    },
  } as unknown as Document;
  return { doc, written };
};

describe('the cookies the server draws the first screen from', () => {
  it('are sent only with a page load of /articles from this site, for a year, and only over HTTPS when the app is', () => {
    const { doc, written } = documentAt('https:');
    writeDrawCookie('tidings_session', 'a token; with = signs', doc);
    expect(written).toEqual([
      'tidings_session=a%20token%3B%20with%20%3D%20signs; Max-Age=31536000; Path=/articles; SameSite=Strict; Secure',
    ]);
    const plain = documentAt('http:');
    writeDrawCookie('tidings_session', 'token', plain.doc);
    expect(plain.written[0]).not.toContain('Secure');
  });

  it('are removed when the value goes (signed out)', () => {
    const { doc, written } = documentAt('http:');
    writeDrawCookie('tidings_session', null, doc);
    expect(written).toEqual(['tidings_session=; Max-Age=0; Path=/articles; SameSite=Strict']);
  });

  it('keep the saved view with whose it is, and give it only to them', () => {
    const value = viewCookieValue('VXNlcjox', { filter: 'all' });
    expect(savedViewIn(JSON.parse(value!), 'VXNlcjox')).toEqual({ filter: 'all' });
    expect(savedViewIn(JSON.parse(value!), 'VXNlcjoy')).toBeUndefined();
    expect(viewCookieValue('VXNlcjox', null)).toBeNull();
    for (const malformed of [null, 'text', 3, {}]) expect(savedViewIn(malformed, 'VXNlcjox')).toBeUndefined();
  });
});
