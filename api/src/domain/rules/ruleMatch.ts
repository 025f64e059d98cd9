import { plainText } from '../../ingest/sanitise.ts';
import { compilePattern, foldText, type PatternMatcher } from './rulePattern.ts';

export type RuleAction = 'hide' | 'markRead' | 'star' | 'keepOnly';
export type RuleField = 'title' | 'content' | 'author' | 'url' | 'feed';

/** A rule as stored: what it matches and does, and its scope (a feed, a folder, or everything when both are null). */
export type RuleDefinition = {
  id: string;
  pattern: string;
  isRegex: boolean;
  fields: RuleField[];
  action: RuleAction;
  feedId: string | null;
  folderId: string | null;
};

export type CompiledRule = RuleDefinition & { test: PatternMatcher };

/** An article as rules read it; `content` is its HTML (null when no rule at hand reads content). */
export type RuleArticle = {
  title: string;
  content: string | null;
  author: string | null;
  url: string | null;
  /** The feed's title and the subscriber's own title for it. */
  feedTitles: string;
};

/** How much of an article's HTML a rule reads: enough for any article, bounded for a page-long feed item. */
export const CONTENT_MATCH_MAX = 100_000;

/** What rules decide for one article and one reader. */
export type RuleVerdict = { hide: boolean; markRead: boolean; star: boolean };

export function compileRule(rule: RuleDefinition): CompiledRule {
  return { ...rule, test: compilePattern(rule.pattern, rule.isRegex) };
}

/** Whether a rule's scope holds an article of `feedId` in the reader's folder `folderId`. */
export function coversFeed(rule: Pick<RuleDefinition, 'feedId' | 'folderId'>, feedId: string, folderId: string | null): boolean {
  if (rule.feedId !== null) return rule.feedId === feedId;
  if (rule.folderId !== null) return rule.folderId === folderId;
  return true;
}

/** Each field's folded text, made once when a rule first asks for it. */
export function articleTexts(article: RuleArticle): (field: RuleField) => string {
  const folded = new Map<RuleField, string>();
  return (field) => {
    let text = folded.get(field);
    if (text === undefined) {
      text = foldText(rawText(article, field));
      folded.set(field, text);
    }
    return text;
  };
}

function rawText(article: RuleArticle, field: RuleField): string {
  switch (field) {
    case 'title':
      return article.title;
    case 'content':
      return article.content ? plainText(article.content.slice(0, CONTENT_MATCH_MAX)) : '';
    case 'author':
      return article.author ?? '';
    case 'url':
      return article.url ?? '';
    case 'feed':
      return article.feedTitles;
  }
}

export function ruleMatches(rule: CompiledRule, texts: (field: RuleField) => string): boolean {
  return rule.fields.some((field) => rule.test(texts(field)));
}

/**
 * What these rules (all of one reader, all covering the article's feed) decide: hidden when a hide rule matches, or
 * when keep-only rules cover it and none matches; marked read or starred when such a rule matches.
 */
export function verdictOf(rules: readonly CompiledRule[], article: RuleArticle): RuleVerdict {
  const texts = articleTexts(article);
  const matched = (action: RuleAction) => rules.some((rule) => rule.action === action && ruleMatches(rule, texts));
  const keepOnly = rules.some((rule) => rule.action === 'keepOnly');
  return {
    hide: matched('hide') || (keepOnly && !matched('keepOnly')),
    markRead: matched('markRead'),
    star: matched('star'),
  };
}

/** Whether any of these rules reads an article's content (else it is not loaded). */
export const readsContent = (rules: readonly RuleDefinition[]) => rules.some((rule) => rule.fields.includes('content'));
