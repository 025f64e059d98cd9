import { describe, expect, it } from 'vitest';
import { canonicalAddress, isFeedProxyAddress, TRACKING_PARAMETERS } from './canonicalAddress.ts';

const ARTICLE = 'example.com/news/2026/05/bridge-reopens';

describe('canonicalAddress', () => {
  it.each([
    ['the plain address', 'https://example.com/news/2026/05/bridge-reopens'],
    ['http instead of https', 'http://example.com/news/2026/05/bridge-reopens'],
    ['a www. host', 'https://www.example.com/news/2026/05/bridge-reopens'],
    ['an upper-case host with a trailing dot', 'https://WWW.Example.COM./news/2026/05/bridge-reopens'],
    ['a default port for either scheme', 'http://example.com:80/news/2026/05/bridge-reopens'],
    ['port 443 on http', 'http://example.com:443/news/2026/05/bridge-reopens'],
    ['a fragment', 'https://example.com/news/2026/05/bridge-reopens#comments'],
    ['a trailing slash', 'https://example.com/news/2026/05/bridge-reopens/'],
    ['several trailing slashes', 'https://example.com/news/2026/05/bridge-reopens///'],
    ['user-info', 'https://reader:secret@example.com/news/2026/05/bridge-reopens'],
    ['surrounding spaces', '  https://example.com/news/2026/05/bridge-reopens \n'],
    ['an index document', 'https://example.com/news/2026/05/bridge-reopens/index.html'],
    ['escaped unreserved characters', 'https://example.com/%6Eews/2026/05/bridge%2Dreopens'],
  ])('ignores %s', (_what, url) => {
    expect(canonicalAddress(url)).toBe(ARTICLE);
  });

  it.each([
    ['utm_* in any case', '?utm_source=rss&utm_medium=feed&UTM_Campaign=daily&utm_content=x&utm_term=y&utm_id=1'],
    ['fbclid', '?fbclid=IwAR0abc'],
    ['gclid', '?gclid=Cj0KCQ'],
    ['mc_cid and mc_eid', '?mc_cid=4f1e2a&mc_eid=9b8c7d'],
    ['ref and ref_src', '?ref=hn&ref_src=twsrc%5Etfw'],
    ["the Times' share tags", '?smid=nytcore-ios-share&referringSource=articleShare'],
    ['cmpid', '?cmpid=rss'],
    ['ocid', '?ocid=msedgntp'],
    ['smid', '?smid=nytcore-ios-share'],
    ['the Guardian CMP and INTCMP', '?CMP=share_btn_tw&INTCMP=x'],
    ['HubSpot', '?_hsenc=p2ANqtz&_hsmi=123'],
    ["Medium's feed source", '?source=rss-abc123------2'],
    ['a feed marker in from', '?from=rss'],
    ['Matomo', '?pk_campaign=feed&mtm_source=rss'],
    ['the BBC', '?at_medium=RSS&at_campaign=KARANGA&ito=1'],
  ])('drops tracking parameters: %s', (_what, query) => {
    expect(canonicalAddress(`https://example.com/news/2026/05/bridge-reopens${query}`)).toBe(ARTICLE);
  });

  it('keeps the parameters that may name the article, sorted by name then value', () => {
    expect(canonicalAddress('https://gardennotes.example.com/?p=101&utm_source=rss')).toBe('gardennotes.example.com?p=101');
    expect(canonicalAddress('https://www.youtube.com/watch?v=M7lc1UVf-VE&feature=youtu.be')).toBe(
      'youtube.com/watch?feature=youtu.be&v=M7lc1UVf-VE',
    );
    expect(canonicalAddress('https://example.com/item?id=2&c=3&id=1&b=x%20y')).toBe('example.com/item?b=x+y&c=3&id=1&id=2');
    expect(canonicalAddress('https://example.com/item?id=1')).not.toBe(canonicalAddress('https://example.com/item?id=2'));
    expect(canonicalAddress('https://example.com/search?source=newsletter')).toBe('example.com/search?source=newsletter');
  });

  it('keeps the path case and a port that is not a default one', () => {
    expect(canonicalAddress('https://example.com/News/Bridge')).toBe('example.com/News/Bridge');
    expect(canonicalAddress('https://example.com:8443/news')).toBe('example.com:8443/news');
  });

  it('reads a site root as the bare host', () => {
    expect(canonicalAddress('https://www.example.com/')).toBe('example.com');
    expect(canonicalAddress('https://www.example.com/?utm_source=rss')).toBe('example.com');
  });

  it.each([
    ['an /amp suffix', 'https://example.com/news/2026/05/bridge-reopens/amp'],
    ['an /amp/ suffix', 'https://example.com/news/2026/05/bridge-reopens/amp/'],
    ['an /amp/ prefix', 'https://example.com/amp/news/2026/05/bridge-reopens'],
    ['a .amp extension', 'https://example.com/news/2026/05/bridge-reopens.amp'],
    ['?amp=1', 'https://example.com/news/2026/05/bridge-reopens?amp=1'],
    ['?amp', 'https://example.com/news/2026/05/bridge-reopens?amp'],
    ['?amp=true among other parameters', 'https://example.com/news/2026/05/bridge-reopens?amp=true&utm_source=x'],
    ['outputType=amp', 'https://example.com/news/2026/05/bridge-reopens?outputType=amp'],
    ['an amp. host', 'https://amp.example.com/news/2026/05/bridge-reopens'],
    [
      "Google's AMP cache",
      'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/news/2026/05/bridge-reopens/amp/?amp_js_v=0.1&usqp=mq331AQ',
    ],
    ["Google's AMP cache for an http origin", 'https://example-com.cdn.ampproject.org/c/example.com/news/2026/05/bridge-reopens.amp'],
    ["Google's AMP cache viewer path", 'https://example-com.cdn.ampproject.org/v/s/example.com/news/2026/05/bridge-reopens?amp=1'],
    ["Google's AMP viewer", 'https://www.google.com/amp/s/www.example.com/news/2026/05/bridge-reopens/amp'],
    ["Google's AMP viewer on a country domain", 'https://www.google.co.uk/amp/s/amp.example.com/news/2026/05/bridge-reopens'],
  ])('maps %s to the article', (_what, url) => {
    expect(canonicalAddress(url)).toBe(ARTICLE);
  });

  it("reads the publisher's query that Google's AMP viewer escapes into its path", () => {
    expect(canonicalAddress('https://www.google.com/amp/s/www.example.com/news/2026/05/bridge-reopens/%3foutputType%3damp')).toBe(ARTICLE);
    expect(canonicalAddress('https://www.google.com/amp/s/www.example.com/item%3Fid%3D7%26utm_source%3Dx')).toBe('example.com/item?id=7');
  });

  it.each([
    ['an m. host', 'https://m.example.com/news/2026/05/bridge-reopens'],
    ['a mobile. host', 'https://mobile.example.com/news/2026/05/bridge-reopens'],
  ])('maps %s to the article', (_what, url) => {
    expect(canonicalAddress(url)).toBe(ARTICLE);
  });

  it("maps Wikipedia's mobile host to the article, and keeps hosts that only look like renditions", () => {
    expect(canonicalAddress('https://en.m.wikipedia.org/wiki/Common_swift')).toBe('en.wikipedia.org/wiki/Common_swift');
    expect(canonicalAddress('https://m.tv/shows')).toBe('m.tv/shows');
    expect(canonicalAddress('https://www.com/x')).toBe('www.com/x');
    expect(canonicalAddress('https://cdn.m.example.com/x')).toBe('cdn.example.com/x');
  });

  it('maps an .amp.html rendition to the .html page', () => {
    expect(canonicalAddress('https://edition.example.com/2026/05/04/world/quake.amp.html')).toBe(
      'edition.example.com/2026/05/04/world/quake.html',
    );
  });

  it('does not take sites named amp or www for renditions, nor a Google page that is not the AMP viewer', () => {
    expect(canonicalAddress('https://amp.dev/documentation/')).toBe('amp.dev/documentation');
    expect(canonicalAddress('https://example.com/camp')).toBe('example.com/camp');
    expect(canonicalAddress('https://example.com/ampere/story')).toBe('example.com/ampere/story');
    expect(canonicalAddress('https://www.google.com/search?q=amp')).toBe('google.com/search?q=amp');
  });

  it('gives no key for a FeedBurner redirect unless the original link is given', () => {
    const proxied = 'http://feedproxy.google.com/~r/GardenNotes/~3/Xy1AbC2dEf3/';
    expect(canonicalAddress(proxied)).toBeNull();
    expect(canonicalAddress('https://feeds.feedburner.com/~r/GardenNotes/~3/Xy1AbC2dEf3/tomatoes')).toBeNull();
    expect(canonicalAddress(proxied, 'https://gardennotes.example.com/2026/05/tomatoes/?utm_source=feedburner')).toBe(
      'gardennotes.example.com/2026/05/tomatoes',
    );
    expect(canonicalAddress(proxied, 'javascript:alert(1)')).toBeNull();
    expect(canonicalAddress(proxied, proxied)).toBeNull();
  });

  it('gives no key for what is not an http(s) address', () => {
    for (const url of [
      'ftp://example.com/x',
      'mailto:a@example.com',
      'javascript:alert(1)',
      'tag:example.com,2024:1',
      '/news/x',
      'not a url',
      '',
    ]) {
      expect(canonicalAddress(url)).toBeNull();
    }
  });

  it('tells FeedBurner redirects from other addresses', () => {
    expect(isFeedProxyAddress('http://feedproxy.google.com/~r/x/~3/abc/')).toBe(true);
    expect(isFeedProxyAddress('https://feeds.feedburner.com/~r/x/~3/abc/')).toBe(true);
    expect(isFeedProxyAddress('https://example.com/~r/x')).toBe(false);
  });

  it('documents its tracking parameters in lower case', () => {
    for (const name of TRACKING_PARAMETERS) expect(name).toBe(name.toLowerCase());
    expect([...TRACKING_PARAMETERS]).toEqual(
      expect.arrayContaining(['fbclid', 'gclid', 'mc_cid', 'mc_eid', 'ref', 'ref_src', 'cmpid', 'ocid', 'smid']),
    );
  });
});
