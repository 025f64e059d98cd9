import { describe, expect, it } from 'vitest';
import { articleIdOfLink, feedUrlOfLink, parseDigestMarkdown, parseInline } from './digestMarkdown';

describe('parseDigestMarkdown', () => {
  it('reads headings, paragraphs and lists, and drops comment paragraphs', () => {
    const blocks = parseDigestMarkdown(
      '<!-- how topics\nwere found -->\n\n**3 reads**\n\n## Topic Connections\n\n- one\n- two\n\n1. first',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', children: [{ kind: 'strong', children: [{ kind: 'text', text: '3 reads' }] }] },
      { kind: 'heading', level: 2, text: 'Topic Connections', children: [{ kind: 'text', text: 'Topic Connections' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }]] },
    ]);
  });

  it('keeps markup in escaped feed text literal, HTML included', () => {
    expect(parseInline('[A \\[b\\] \\<script\\>](/article/1) \\*not bold\\*')).toEqual([
      { kind: 'link', href: '/article/1', children: [{ kind: 'text', text: 'A [b] <script>' }] },
      { kind: 'text', text: ' *not bold*' },
    ]);
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });
});

describe('digest links', () => {
  it('knows article links and subscribe links, and nothing else', () => {
    expect(articleIdOfLink('/article/01a215a9-857a-71dc-98dc-61f40e6add36')).toBe('01a215a9-857a-71dc-98dc-61f40e6add36');
    expect(articleIdOfLink('javascript:alert(1)')).toBeNull();
    expect(feedUrlOfLink('subscribe:https%3A%2F%2Fx.example%2Ffeed%281%29.xml')).toBe('https://x.example/feed(1).xml');
    expect(feedUrlOfLink('subscribe:javascript%3Aalert(1)')).toBeNull();
  });
});
