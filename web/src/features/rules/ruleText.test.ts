import { describe, expect, it } from 'vitest';
import { describeRule, fieldsText, hiddenLine, orList, patternPhrases, previewLine, scopeText } from './ruleText';

const everywhere = { feedTitle: null, folderName: null };

describe('a rule in words', () => {
  it('says what it does, what it looks at, what it matches and where', () => {
    expect(describeRule({ pattern: 'crypto', isRegex: false, fields: ['title', 'content'], action: 'hide', ...everywhere })).toBe(
      'Hide articles whose title or content mentions “crypto” — everywhere',
    );
    expect(
      describeRule({
        pattern: ' super  bowl, nfl ,',
        isRegex: false,
        fields: ['title'],
        action: 'markRead',
        feedTitle: 'Sport',
        folderName: null,
      }),
    ).toBe('Mark read articles whose title mentions “super bowl” or “nfl” — in “Sport”');
    expect(
      describeRule({ pattern: 'bit ?coin', isRegex: true, fields: ['url', 'author'], action: 'star', feedTitle: null, folderName: 'Work' }),
    ).toBe('Star articles whose author or address matches /bit ?coin/ — in the folder “Work”');
    expect(describeRule({ pattern: 'rust', isRegex: false, fields: ['feed', 'title', 'content'], action: 'keepOnly', ...everywhere })).toBe(
      'Keep only articles whose title, content or feed name mentions “rust” — everywhere',
    );
  });

  it('lists fields in one order whatever order they were chosen in', () => {
    expect(fieldsText(['content', 'title'])).toBe('title or content');
    expect(fieldsText(['feed', 'url', 'author', 'content', 'title'])).toBe('title, content, author, address or feed name');
  });

  it('joins with commas and a last “or”', () => {
    expect(orList([])).toBe('');
    expect(orList(['a'])).toBe('a');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
  });

  it('reads phrases as the server does: comma-separated, trimmed, blanks dropped', () => {
    expect(patternPhrases('a,  b  c ,,d')).toEqual(['a', 'b c', 'd']);
    expect(patternPhrases(' , ')).toEqual([]);
  });

  it('names the scope: a feed wins over a folder', () => {
    expect(scopeText(everywhere)).toBe('everywhere');
    expect(scopeText({ feedTitle: 'F', folderName: 'G' })).toBe('in “F”');
  });
});

describe('the preview line', () => {
  it('counts what the rule would do among the last articles', () => {
    expect(previewLine('hide', 12, 200)).toBe('Would hide 12 of the last 200 articles');
    expect(previewLine('markRead', 1, 1)).toBe('Would mark read 1 of the last 1 article');
    expect(previewLine('star', 0, 200)).toBe('Would star 0 of the last 200 articles');
    expect(previewLine('keepOnly', 150, 200)).toBe('Would hide 150 of the last 200 articles (those that do not match)');
  });

  it('says when there is nothing to try it on', () => {
    expect(previewLine('hide', 0, 0)).toBe('No articles to try it on yet');
  });

  it('writes the hidden count as the lists do', () => {
    expect(hiddenLine(1234)).toBe('1,234 hidden by your rules');
  });
});
