import { describe, expect, it } from 'vitest';
import { compilePattern, foldText, PatternError, plainPhrases } from './rulePattern.ts';
import { verdictOf, compileRule, type RuleDefinition } from './ruleMatch.ts';

const matches = (pattern: string, text: string, isRegex = false) => compilePattern(pattern, isRegex)(foldText(text));

describe('plain patterns', () => {
  it('match whole words and phrases, any case and accents', () => {
    expect(matches('cafe', 'The best Café in town')).toBe(true);
    expect(matches('CAFÉ', 'a cafe')).toBe(true);
    expect(matches('apple', 'Pineapple season')).toBe(false);
    expect(matches('apple', "Apple's new phone")).toBe(true);
    expect(matches('apple watch', 'The Apple  Watch, reviewed')).toBe(true);
    expect(matches('apple watch', 'Apple and the watch')).toBe(false);
    expect(matches('résumé', 'Your RESUME tips')).toBe(true);
    expect(matches('東京', 'Weather in 東京 today')).toBe(true);
  });

  it('take commas as alternatives and ignore empty ones', () => {
    expect(plainPhrases('crypto, , NFT , apple watch')).toEqual([['crypto'], ['nft'], ['apple', 'watch']]);
    expect(matches('crypto, nft', 'An NFT drop')).toBe(true);
    expect(matches('crypto, nft', 'Gardening')).toBe(false);
  });

  it('treat regular-expression characters as text', () => {
    expect(matches('c++', 'Learning C++ today')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
  });
});

describe('regular expressions (RE2)', () => {
  it('match case- and accent-insensitively', () => {
    expect(matches('^breaking:', 'BREAKING: news', true)).toBe(true);
    expect(matches('cafe\\s+\\w+', 'Café Central', true)).toBe(true);
    expect(matches('\\bsponsored\\b', 'This post is Sponsored.', true)).toBe(true);
  });

  it('run in linear time on a pathological pattern', () => {
    const started = performance.now();
    expect(matches('(a+)+$', `${'a'.repeat(30_000)}b`, true)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['(a)\\1', /Backreferences .* are not supported/],
    ['(?=a)b', /Lookahead and lookbehind .* are not supported/],
    ['(?<!a)b', /Lookahead and lookbehind .* are not supported/],
    ['a{1001}', /invalid repeat count/],
    ['((a{100}){100}){100}', /invalid repeat count/],
    ['(', /missing closing \)/],
    ['a|', /matches every article/],
    ['', /Enter words/],
    ['x'.repeat(501), /at most 500/],
  ])('refuse %s, saying why', (pattern, message) => {
    expect(() => compilePattern(pattern, true)).toThrow(PatternError);
    expect(() => compilePattern(pattern, true)).toThrow(message);
  });
});

describe('verdicts', () => {
  const rule = (over: Partial<RuleDefinition>) =>
    compileRule({ id: 'r', pattern: 'crypto', isRegex: false, fields: ['title'], action: 'hide', feedId: null, folderId: null, ...over });
  const article = {
    title: 'Crypto prices',
    content: '<p>Bitcoin <b>falls</b></p>',
    author: 'Zoë',
    url: 'https://x.example/a',
    feedTitles: 'Money',
  };

  it('hide on a match of any field the rule looks at', () => {
    expect(verdictOf([rule({})], article).hide).toBe(true);
    expect(verdictOf([rule({ fields: ['content'] })], article).hide).toBe(false);
    expect(verdictOf([rule({ pattern: 'bitcoin falls', fields: ['content'] })], article).hide).toBe(true);
    expect(verdictOf([rule({ pattern: 'zoe', fields: ['author'] })], article).hide).toBe(true);
    expect(verdictOf([rule({ pattern: 'x.example', isRegex: true, fields: ['url'] })], article).hide).toBe(true);
    expect(verdictOf([rule({ pattern: 'money', fields: ['feed'] })], article).hide).toBe(true);
  });

  it('keep only what one of the keep-only rules matches, and mark or star on a match', () => {
    expect(verdictOf([rule({ action: 'keepOnly', pattern: 'gardening' })], article).hide).toBe(true);
    expect(verdictOf([rule({ action: 'keepOnly', pattern: 'gardening' }), rule({ action: 'keepOnly' })], article).hide).toBe(false);
    expect(verdictOf([rule({ action: 'markRead' }), rule({ action: 'star' })], article)).toEqual({
      hide: false,
      markRead: true,
      star: true,
    });
  });

  it('read the text of the content, not its markup', () => {
    expect(verdictOf([rule({ pattern: 'b', fields: ['content'] })], article).hide).toBe(false);
  });
});
