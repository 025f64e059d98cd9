import { describe, expect, it } from 'vitest';
import { guidStoryKey } from './guidStoryKey.ts';

describe('guidStoryKey', () => {
  it('keys a permanent http(s) address by its canonical address', () => {
    expect(guidStoryKey('https://www.valleygazette.example/news/bridge-reopens/', true)).toBe('valleygazette.example/news/bridge-reopens');
    expect(guidStoryKey('http://comic.example.com/812/?utm_source=rss', true)).toBe('comic.example.com/812');
  });

  it('does not key an address the feed says is not a permalink', () => {
    expect(guidStoryKey('https://gardennotes.example.com/?p=101', false)).toBeNull();
    expect(guidStoryKey('https://medium.com/p/1a2b3c4d5e6f', false)).toBeNull();
  });

  it('keys tag: URIs and URNs whatever isPermaLink says', () => {
    expect(guidStoryKey('tag:example.com,2024:post-1', true)).toBe('tag:example.com,2024:post-1');
    expect(guidStoryKey(' tag:blogger.com,1999:blog-1234.post-5678 ', false)).toBe('tag:blogger.com,1999:blog-1234.post-5678');
    expect(guidStoryKey('tag:example.org,2026-05-04:/notes/swifts', false)).toBe('tag:example.org,2026-05-04:/notes/swifts');
    expect(guidStoryKey('urn:uuid:1225C695-CFB8-4EBB-AAAA-80DA344EFA6A', false)).toBe('urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a');
    expect(guidStoryKey('URN:ISBN:978-0-13-468599-1', true)).toBe('urn:isbn:978-0-13-468599-1');
  });

  it('keys a bare UUID as its URN, and refuses the nil UUID', () => {
    expect(guidStoryKey('3F2504E0-4F89-41D3-9A0C-0305E82C3301', false)).toBe('urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(guidStoryKey('urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301', false)).toBe('urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(guidStoryKey('00000000-0000-0000-0000-000000000000', false)).toBeNull();
    expect(guidStoryKey('urn:uuid:00000000-0000-0000-0000-000000000000', false)).toBeNull();
  });

  it('does not key a permalink that is a site’s front page', () => {
    expect(guidStoryKey('https://www.podhost.example/', true)).toBeNull();
  });

  it('does not key a GUID that is only unique within its feed', () => {
    for (const guid of ['42', 'quiethour-42', 'post-101', 'yt:video:M7lc1UVf-VE', 'tag:no-date', 'urn:', '', '   ', null, undefined]) {
      expect(guidStoryKey(guid, true)).toBeNull();
    }
  });

  it('does not key a permalink that is not an http(s) address', () => {
    expect(guidStoryKey('ftp://example.com/x', true)).toBeNull();
    expect(guidStoryKey('http://feedproxy.google.com/~r/x/~3/abc/', true)).toBeNull();
  });
});
