import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../ingest/sanitise.ts';
import { mediaAddress, type MediaProxy } from './mediaAddress.ts';
import { proxyContent } from './proxyContent.ts';

const proxy: MediaProxy = { mode: 'http-only', publicUrl: 'https://tidings.example', secret: 'a-test-secret-of-at-least-thirty-two-chars' };
const proxied = (url: string) => mediaAddress(url, proxy);

describe('proxyContent', () => {
  it('rewrites the sources of images, sounds, videos and posters', () => {
    const html = sanitiseHtml(
      `<p>Text &amp; more</p>
      <img src="http://i.example/a.jpg?x=1&y=2" srcset="http://i.example/a-2x.jpg 2x, https://i.example/a-3x.jpg 3x" alt="A">
      <video src="http://v.example/v.mp4" poster="http://v.example/p.jpg"><source src="http://v.example/v.webm" type="video/webm"></video>
      <audio src="http://a.example/a.mp3"></audio>
      <picture><source srcset="http://i.example/b.webp 1x"><img src="https://i.example/b.jpg"></picture>
      <a href="http://site.example/">a link</a>`,
      null,
    );
    const out = proxyContent(html, proxy);
    expect(out).toContain(`src="${proxied('http://i.example/a.jpg?x=1&y=2')}"`);
    expect(out).toContain(`srcset="${proxied('http://i.example/a-2x.jpg')} 2x, https://i.example/a-3x.jpg 3x"`);
    expect(out).toContain(`src="${proxied('http://v.example/v.mp4')}"`);
    expect(out).toContain(`poster="${proxied('http://v.example/p.jpg')}"`);
    expect(out).toContain(`src="${proxied('http://v.example/v.webm')}"`);
    expect(out).toContain(`src="${proxied('http://a.example/a.mp3')}"`);
    expect(out).toContain(`srcset="${proxied('http://i.example/b.webp')} 1x"`);
    expect(out).toContain('src="https://i.example/b.jpg"');
    expect(out).toContain('href="http://site.example/"');
    expect(out).toContain('<p>Text &amp; more</p>');
  });

  it('keeps embeds and everything else as stored', () => {
    const html = sanitiseHtml('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe><table><tr><td>1</td></tr></table>', null);
    expect(proxyContent(html, proxy)).toBe(html);
  });

  it('rewrites https media too when every address goes through the proxy', () => {
    const html = sanitiseHtml('<img src="https://i.example/a.jpg">', null);
    expect(proxyContent(html, { ...proxy, mode: 'all' })).toContain(
      `src="${mediaAddress('https://i.example/a.jpg', { ...proxy, mode: 'all' })}"`,
    );
  });

  it('changes nothing when the proxy is off', () => {
    const html = sanitiseHtml('<img src="http://i.example/a.jpg">', null);
    expect(proxyContent(html, { ...proxy, mode: 'off' })).toBe(html);
  });
});
