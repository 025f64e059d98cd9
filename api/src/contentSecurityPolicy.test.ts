import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/server.ts';
import { testConfig } from '../test/services.ts';
import { appDirectives } from './contentSecurityPolicy.ts';
import { IFRAME_HOSTS } from './ingest/sanitise.ts';

/** The policy's directives by name, each with its sources. */
function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the content security policy', async () => {
  const server = await startTestServer();
  const policy = directives((await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '');

  it('frames exactly the sanitiser’s embed hosts, over https', () => {
    expect(policy.get('frame-src')).toEqual(IFRAME_HOSTS.map((host) => `https://${host}`));
  });

  it('loads media from the proxy and https, images from the proxy, https and data:', () => {
    expect(policy.get('media-src')).toEqual(["'self'", 'https:']);
    expect(policy.get('img-src')).toEqual(["'self'", 'https:', 'data:']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  const off = await startTestServer({ MEDIA_PROXY: 'off' });

  it('lets http media load directly when the proxy is off', async () => {
    const offPolicy = directives((await fetch(`${off.url}/healthz`)).headers.get('content-security-policy') ?? '');
    expect(offPolicy.get('img-src')).toEqual(["'self'", 'http:', 'https:', 'data:']);
    expect(offPolicy.get('media-src')).toEqual(["'self'", 'http:', 'https:']);
  });

  it('frames the web-analytics dashboard’s origin only when one is configured', () => {
    const embeds = IFRAME_HOSTS.map((host) => `https://${host}`);
    expect(appDirectives(testConfig({ ANALYTICS_URL: 'https://stats.example.org/share/abc/tidings' })).frameSrc).toEqual([
      ...embeds,
      'https://stats.example.org',
    ]);
    expect(appDirectives(testConfig()).frameSrc).toEqual(embeds);
  });
});
