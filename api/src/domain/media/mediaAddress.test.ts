import { describe, expect, it } from 'vitest';
import { mediaAddress, signedMediaPath, verifyMediaPath, type MediaProxy } from './mediaAddress.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const URL_ = 'http://images.example.org/photo.jpg?size=large&v=2';

describe('signedMediaPath / verifyMediaPath', () => {
  it('signs an address that verifies back to the URL', () => {
    const path = signedMediaPath(URL_, SECRET);
    expect(path).toMatch(/^\/media\/[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]+$/);
    expect(verifyMediaPath(path, SECRET)).toBe(URL_);
  });

  it('refuses the address under another key', () => {
    expect(verifyMediaPath(signedMediaPath(URL_, SECRET), `${SECRET}-other`)).toBeNull();
  });

  it('refuses every single character changed', () => {
    const path = signedMediaPath(URL_, SECRET);
    const start = '/media/'.length;
    for (let i = start; i < path.length; i += 1) {
      if (path[i] === '/') continue;
      const changed = path.slice(0, i) + (path[i] === 'A' ? 'B' : 'A') + path.slice(i + 1);
      expect(verifyMediaPath(changed, SECRET), `position ${i}`).toBeNull();
    }
  });

  it('refuses changes that decode to the same URL', () => {
    const path = signedMediaPath('http://a.example/x.png', SECRET); // target length 29: the last character has unused bits
    const [, , signature, target] = path.split('/') as [string, string, string, string];
    const last = target.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const sameTarget = `${target.slice(0, -1)}${sibling}`;
    expect(Buffer.from(sameTarget, 'base64url').toString()).toBe('http://a.example/x.png');
    expect(verifyMediaPath(`/media/${signature}/${sameTarget}`, SECRET)).toBeNull();
    expect(verifyMediaPath(`/media/${signature}/${target}=`, SECRET)).toBeNull();
    expect(
      verifyMediaPath(`/media/${signature}/${target.slice(0, 3)}%${target.charCodeAt(3).toString(16)}${target.slice(4)}`, SECRET),
    ).toBeNull();
  });

  it('refuses anything added around the signed path', () => {
    const path = signedMediaPath(URL_, SECRET);
    for (const changed of [`${path}/`, `${path}?u=http://evil.example/`, `${path}#x`, `/${path}`, path.replace('/media/', '/media//')]) {
      expect(verifyMediaPath(changed, SECRET), changed).toBeNull();
    }
  });
});

describe('mediaAddress', () => {
  const proxy = (mode: MediaProxy['mode']): MediaProxy => ({ mode, publicUrl: 'https://tidings.example', secret: SECRET });

  it('proxies http media by default and leaves https alone', () => {
    expect(mediaAddress(URL_, proxy('http-only'))).toBe(`https://tidings.example${signedMediaPath(URL_, SECRET)}`);
    expect(mediaAddress('https://images.example.org/a.png', proxy('http-only'))).toBe('https://images.example.org/a.png');
  });

  it('proxies every http(s) address with "all" and none with "off"', () => {
    expect(mediaAddress('https://images.example.org/a.png', proxy('all'))).toMatch(/^https:\/\/tidings\.example\/media\//);
    expect(mediaAddress(URL_, proxy('off'))).toBe(URL_);
  });

  it('leaves other schemes alone', () => {
    expect(mediaAddress('data:image/png;base64,AAAA', proxy('all'))).toBe('data:image/png;base64,AAAA');
  });
});
