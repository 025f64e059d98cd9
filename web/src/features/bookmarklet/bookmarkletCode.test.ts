import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkletCode } from './bookmarkletCode';
import { parseBookmarkletFragment } from './bookmarkletFragment';

const PREFIX = 'javascript:';

/** Runs the bookmarklet as a browser does: percent-decoded, in the current page. */
function click(code: string) {
  new Function(decodeURIComponent(code.slice(PREFIX.length)))();
}

describe('bookmarkletCode', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('is a javascript: URL without characters a URL would change: no raw %, #, space, quote or brace', () => {
    const code = bookmarkletCode('https://tidings.example/', 'tok/en+%#"');
    expect(code.startsWith(PREFIX)).toBe(true);
    expect(code.slice(PREFIX.length)).not.toMatch(/[#\s"{}<>]|%(?![0-9A-F]{2})/);
    expect(code.length).toBeLessThan(800);
  });

  it('injects the script from the instance with the token URL-encoded in its fragment, which no server sees', () => {
    click(bookmarkletCode('https://tidings.example/', 'tok/en+%#"'));
    const script = document.querySelector('script');
    expect(script?.getAttribute('src')).toBe(`https://tidings.example/bookmarklet.js#token=${encodeURIComponent('tok/en+%#"')}`);
  });

  it('opens the Tidings window with the page address and title when the page refuses the script', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    document.title = 'Café & co #1 — "quoted"';
    click(bookmarkletCode('https://tidings.example', 'abc_DEF-123'));
    const script = document.querySelector('script')!;
    script.dispatchEvent(new Event('error'));
    expect(document.querySelector('script')).toBeNull(); // the refused element goes
    expect(open).toHaveBeenCalledOnce();
    const [url, name, features] = open.mock.calls[0]!;
    expect(name).toBe('tidings');
    expect(features).toBe('popup,width=460,height=700');
    const opened = new URL(String(url));
    expect(opened.origin + opened.pathname).toBe('https://tidings.example/bookmarklet');
    expect(opened.search).toBe('');
    expect(parseBookmarkletFragment(opened.hash)).toEqual({
      token: 'abc_DEF-123',
      page: { url: window.location.href, title: 'Café & co #1 — "quoted"' },
    });
  });
});

describe('parseBookmarkletFragment', () => {
  it('reads the token, the address and the title, decoded', () => {
    const hash = `#token=t%2Bk&url=${encodeURIComponent('https://example.com/a?b=1&c=2#d')}&title=${encodeURIComponent('A + B & C')}`;
    expect(parseBookmarkletFragment(hash)).toEqual({ token: 't+k', page: { url: 'https://example.com/a?b=1&c=2#d', title: 'A + B & C' } });
  });

  it('falls back to the address for a missing title', () => {
    expect(parseBookmarkletFragment('#token=t&url=http%3A%2F%2Fexample.com%2F')).toEqual({
      token: 't',
      page: { url: 'http://example.com/', title: 'http://example.com/' },
    });
  });

  it('has no page for an address that is not a web page, and nothing without a token', () => {
    expect(parseBookmarkletFragment('#token=t&url=javascript%3Aalert(1)')).toEqual({ token: 't', page: null });
    expect(parseBookmarkletFragment('#token=t&url=not%20a%20url')).toEqual({ token: 't', page: null });
    expect(parseBookmarkletFragment('#token=t')).toEqual({ token: 't', page: null });
    expect(parseBookmarkletFragment('#url=https%3A%2F%2Fexample.com')).toBeNull();
    expect(parseBookmarkletFragment('')).toBeNull();
  });
});
