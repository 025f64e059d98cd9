import { countOf, formatNumber } from '../../ui/counts';

export const RULE_FIELDS = ['title', 'content', 'author', 'url', 'feed'] as const;
export const RULE_ACTIONS = ['hide', 'markRead', 'star', 'keepOnly'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** What the form and the list call each part of an article a rule looks at. */
export const FIELD_LABELS: Record<RuleField, string> = {
  title: 'title',
  content: 'content',
  author: 'author',
  url: 'address',
  feed: 'feed name',
};

/** The action select's options. */
export const ACTION_LABELS: Record<RuleAction, string> = {
  hide: 'Hide them',
  markRead: 'Mark them read',
  star: 'Star them',
  keepOnly: 'Keep only these (hide the rest)',
};

export type RuleScope = { feedTitle: string | null; folderName: string | null };

export type DescribedRule = {
  pattern: string;
  isRegex: boolean;
  fields: readonly RuleField[];
  action: RuleAction;
} & RuleScope;

/** 'a', 'a or b', 'a, b or c'. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The fields in the house's order, as words: 'title or content'. */
export function fieldsText(fields: readonly RuleField[]): string {
  return orList(RULE_FIELDS.filter((field) => fields.includes(field)).map((field) => FIELD_LABELS[field]));
}

/** The phrases of a plain pattern, as the server reads them: comma-separated, trimmed, blanks left out. */
export function patternPhrases(pattern: string): string[] {
  return pattern
    .split(',')
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** What a rule matches, in words: 'mentions “crypto” or “nft”', 'matches /bit(coin)?/' (its fields are joined by “or”: one subject). */
function matchText(rule: Pick<DescribedRule, 'pattern' | 'isRegex'>): string {
  if (rule.isRegex) return `matches /${rule.pattern}/`;
  const phrases = patternPhrases(rule.pattern).map((phrase) => `“${phrase}”`);
  return `mentions ${orList(phrases)}`;
}

/** Where a rule applies, in words: 'everywhere', 'in “Tech news”', 'in the folder “Work”'. */
export function scopeText({ feedTitle, folderName }: RuleScope): string {
  if (feedTitle !== null) return `in “${feedTitle}”`;
  if (folderName !== null) return `in the folder “${folderName}”`;
  return 'everywhere';
}

const VERBS: Record<RuleAction, string> = {
  hide: 'Hide',
  markRead: 'Mark read',
  star: 'Star',
  keepOnly: 'Keep only',
};

/** A rule as one sentence: 'Hide articles whose title or content mentions “crypto” — everywhere'. */
export function describeRule(rule: DescribedRule): string {
  return `${VERBS[rule.action]} articles whose ${fieldsText(rule.fields)} ${matchText(rule)} — ${scopeText(rule)}`;
}

/** The preview's line: 'Would hide 12 of the last 200 articles'. Keep-only hides what does not match. */
export function previewLine(action: RuleAction, affected: number, examined: number): string {
  if (examined === 0) return 'No articles to try it on yet';
  const verb = { hide: 'hide', markRead: 'mark read', star: 'star', keepOnly: 'hide' }[action];
  const of = `${formatNumber(affected)} of the last ${countOf(examined, 'article')}`;
  return action === 'keepOnly' ? `Would ${verb} ${of} (those that do not match)` : `Would ${verb} ${of}`;
}

/** The quiet line of a list whose scope has hidden articles: '12 hidden by your rules'. */
export const hiddenLine = (count: number) => `${formatNumber(count)} hidden by your rules`;
