import { describe, expect, it } from 'vitest';
import { commentLinks, COMMENT_LINKS_MAX } from './commentLinks.ts';
import { mentionedUsernames } from './mentions.ts';

describe('mentionedUsernames', () => {
  it.each([
    ['@alice hello', ['alice']],
    ['hello @alice', ['alice']],
    ['(@alice), @bob. @carol! @dave? "@erin"', ['alice', 'bob', 'carol', 'dave', 'erin']],
    ['@mary-jane and @snake_case_1', ['mary-jane', 'snake_case_1']],
    ['@bob- trailing hyphen', ['bob']],
    ['write to bob@example.com or a.b@c.org', []],
    ['@@double and @ alone and @', []],
    ['@alice @Alice @ALICE', ['alice']],
    ['no mentions here', []],
    ['line\n@alice\t@bob', ['alice', 'bob']],
  ])('finds the mentions in %j', (text, expected) => {
    expect(mentionedUsernames(text)).toEqual(expected);
  });
});

describe('commentLinks', () => {
  it('finds distinct http(s) links without trailing punctuation or brackets', () => {
    const text =
      'See https://example.org/post. Also (https://blog.example.com/a?b=1), and https://example.org/post again; ftp://x.org is not one';
    expect(commentLinks(text).map((link) => link.url)).toEqual(['https://example.org/post', 'https://blog.example.com/a?b=1']);
  });

  it('starts each link undetected, its feed still to be looked for', () => {
    expect(commentLinks('http://example.org')).toEqual([{ url: 'http://example.org/', title: null, feedUrl: null, pending: true }]);
  });

  it.each([
    ['typographic quotes', 'Their feed: “https://blog.example.org/feed.xml”.', 'https://blog.example.org/feed.xml'],
    ['single typographic quotes', 'See ‘https://blog.example.org/feed.xml’', 'https://blog.example.org/feed.xml'],
    ['guillemets', '«https://blog.example.org/feed.xml»', 'https://blog.example.org/feed.xml'],
    ['an ellipsis', 'and https://blog.example.org/feed.xml…', 'https://blog.example.org/feed.xml'],
    ['brackets and a mark', '(via https://blog.example.org/feed.xml)!', 'https://blog.example.org/feed.xml'],
    ['a www. address without a scheme', 'Subscribe to www.blog.example.org/rss, it is good', 'https://www.blog.example.org/rss'],
  ])('ends the address before %s', (_case, text, url) => {
    expect(commentLinks(text).map((link) => link.url)).toEqual([url]);
  });

  it('takes no www. inside a word or an e-mail address, nor a bare "www."', () => {
    expect(commentLinks('mail me@www.example.org, see foo.www.example.org or www. alone')).toEqual([]);
  });

  it(`keeps at most ${COMMENT_LINKS_MAX}`, () => {
    const text = Array.from({ length: 9 }, (_, i) => `https://example.org/${i}`).join(' ');
    expect(commentLinks(text)).toHaveLength(COMMENT_LINKS_MAX);
  });
});
