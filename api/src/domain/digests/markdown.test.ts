import { describe, expect, it } from 'vitest';
import { MARKUP_INJECTIONS } from '../../../test/hostileText.ts';
import { instanceDigest, personalDigest } from './digestContent.ts';
import { escapeMarkdown, markdownRuns, markdownText, markdownToPlainText } from './markdown.ts';

/** Text people and feeds may write, each trying to become markup somewhere. */
const HOSTILE = [
  ...MARKUP_INJECTIONS,
  '&#60;script&#62;',
  '[click](javascript:alert(5))',
  '![pixel](https://evil.example/p.png)',
  '*bold* **strong** _it_ `code` # ~~x~~ | \\ <!-- hidden -->',
];

/** What is left of Markdown once its escapes are taken out: the characters that would act as markup. */
const unescaped = (markdown: string) => markdown.replace(/\\[\s\S]/g, '');

describe('escapeMarkdown', () => {
  it.each(HOSTILE)('keeps %j literal: no link, image, emphasis, raw HTML or character reference', (text) => {
    const markdown = escapeMarkdown(text);
    expect(unescaped(markdown)).not.toMatch(/[<>[\]()!*_`#~|\\]|&#?[0-9A-Za-z]+;/);
    expect(markdownRuns(markdown)).toEqual([{ text }]);
  });

  it('leaves a lone & as it is', () => {
    expect(escapeMarkdown('League & Goal')).toBe('League & Goal');
  });
});

describe('digests written around hostile text', () => {
  const instance = instanceDigest(
    {
      counts: { totalReads: 3, totalShares: 2, activeUsers: 1 },
      mostShared: HOSTILE.map((title, index) => ({ id: `a${index}`, title, feedTitle: HOSTILE.at(-1 - index)!, shares: 2 })),
      newFeeds: HOSTILE.map((title, index) => ({ feedId: `f${index}`, title, url: `https://feeds.example/${index}.xml`, subscribers: 1 })),
      articles: [],
    },
    'Nov 16 – Nov 22',
  );
  const personal = personalDigest(
    {
      counts: { reads: 1, likes: 0, shares: 0, starred: 0 },
      articles: [],
      suggestions: HOSTILE.map((title, index) => ({ feedId: `f${index}`, title, url: `https://feeds.example/${index}.xml`, people: 1 })),
      social: HOSTILE.map((title, index) => ({ kind: 'comment' as const, username: `user_${index}`, articleId: `a${index}`, title })),
      circleShared: HOSTILE.map((title, index) => ({ id: `a${index}`, title, feedTitle: HOSTILE.at(-1 - index)!, people: 2 })),
      highlights: HOSTILE.map((title, index) => ({ exact: HOSTILE.at(-1 - index)!, note: title, articleId: `a${index}`, title })),
    },
    'Nov 16 – Nov 22',
  );

  it.each([
    ['instance', instance.content],
    ['personal', personal.content],
  ])('the %s digest links only where the app does, and shows every text as it was written', (_kind, content) => {
    const runs = content.split('\n').flatMap((line) => markdownRuns(line));
    for (const { target } of runs)
      if (target !== undefined) expect(target).toMatch(/^(\/article\/a\d|subscribe:https%3A%2F%2Ffeeds\.example%2F\d\.xml)$/);
    const texts = runs.map((run) => run.text).join('\n');
    for (const text of HOSTILE) expect(texts).toContain(text);
    // The only comment paragraph is the app's own.
    expect(unescaped(content).match(/<!--/g)).toHaveLength(1);
  });

  it('e-mails the text as it was written, links written out after it', () => {
    const text = markdownToPlainText(instance.content, 'https://r.test');
    for (const [index, title] of HOSTILE.entries()) expect(text).toContain(`${title} <https://r.test/article/a${index}>`);
    expect(text).toContain(`${HOSTILE[0]} <https://feeds.example/0.xml>`);
  });
});

describe('markdownRuns', () => {
  it('never lets an escaped character open a link or emphasis', () => {
    expect(markdownRuns('- (*\\[x*), [B](/article/2) \\*a *b*')).toEqual([
      { text: '- ([x), ' },
      { text: 'B', target: '/article/2' },
      { text: ' *a b' },
    ]);
    expect(markdownText('**3 reads** · [A \\[b\\]](/article/1)')).toBe('3 reads · A [b]');
  });
});
