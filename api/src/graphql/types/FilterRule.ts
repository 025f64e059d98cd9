import { queryFromInfo } from '@pothos/plugin-prisma';
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { listRules, previewRule, PREVIEW_ARTICLES, PREVIEW_SHOWN, RULES_MAX } from '../../domain/filters/filterRules.ts';
import { PATTERN_MAX } from '../../domain/rules/rulePattern.ts';
import type { RulePreview } from '../../domain/filters/filterRules.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { inDomainOrder } from '../loadByIds.ts';
import { accountOwnerIdFilter, nodeIdFilter } from '../nodeFilters.ts';
import { ArticleNode } from './Article.ts';
import { FeedNode } from './Feed.ts';
import { FolderNode } from './Folder.ts';

export const FilterActionEnum = builder.enumType('FilterAction', {
  description: 'What a filter rule does to the articles it matches.',
  values: {
    hide: { description: 'Hides them from every list but liked and starred, and from the unread counts.' },
    markRead: { description: 'Marks them read.' },
    star: { description: 'Stars them.' },
    keepOnly: { description: 'Hides every article of its scope that it does not match (a feed shows only what matches).' },
  } as const,
});

export const FilterFieldEnum = builder.enumType('FilterField', {
  description: 'The part of an article a filter rule looks at.',
  values: {
    title: { description: 'The title.' },
    content: { description: 'The text of the content (without markup).' },
    author: { description: 'The author’s name.' },
    url: { description: 'The article’s address.' },
    feed: { description: 'The feed’s title and the viewer’s own title for it.' },
  } as const,
});

export const FilterRuleNode = builder.prismaNode('FilterRule', {
  description:
    'One of the viewer’s filter rules: applied to the stored articles of its scope when saved, and to new articles as they arrive.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: accountOwnerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    pattern: t.exposeString('pattern', {
      description: 'Words or phrases separated by commas (whole words, any case and accents), or a regular expression in RE2 syntax.',
    }),
    isRegex: t.exposeBoolean('isRegex', { description: 'Whether the pattern is a regular expression.' }),
    fields: t.expose('fields', { type: [FilterFieldEnum], description: 'What it looks at: it matches when any of them matches.' }),
    action: t.expose('action', { type: FilterActionEnum, description: 'What it does to what it matches.' }),
    feed: t.relation('feed', { nullable: true, description: 'The feed it applies to; null with no folder: everything.' }),
    folder: t.relation('folder', { nullable: true, description: 'The folder it applies to; null with no feed: everything.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

export const FilterRuleInput = builder.inputType('FilterRuleInput', {
  description: 'A filter rule to add or try.',
  fields: (t) => ({
    pattern: t.string({ required: true, description: `At most ${PATTERN_MAX} characters.` }),
    isRegex: t.boolean({ description: 'A regular expression (RE2 syntax) rather than words; false when left out.' }),
    fields: t.field({ type: [FilterFieldEnum], description: 'What it looks at; title and content when left out.' }),
    action: t.field({ type: FilterActionEnum, required: true, description: 'What it does.' }),
    feedId: t.globalID({ for: FeedNode, description: 'A feed the viewer subscribes to, for a rule of that feed only.' }),
    folderId: t.globalID({ for: FolderNode, description: 'One of the viewer’s folders, for a rule of its feeds only.' }),
  }),
});

export const FilterRuleChangesInput = builder.inputType('FilterRuleChangesInput', {
  description: 'What to change of a filter rule: what is left out stays as it is.',
  fields: (t) => ({
    pattern: t.string({ description: `At most ${PATTERN_MAX} characters.` }),
    isRegex: t.boolean({ description: 'A regular expression (RE2 syntax) rather than words.' }),
    fields: t.field({ type: [FilterFieldEnum], description: 'What it looks at.' }),
    action: t.field({ type: FilterActionEnum, description: 'What it does.' }),
    feedId: t.globalID({ for: FeedNode, description: 'Applies it to this feed only (leaving its folder); null: to everything.' }),
    folderId: t.globalID({ for: FolderNode, description: 'Applies it to this folder only (leaving its feed); null: to everything.' }),
  }),
});

type GlobalId = { id: string } | null | undefined;
type RuleInputArgs = {
  pattern?: string | null;
  isRegex?: boolean | null;
  fields?: readonly string[] | null;
  action?: string | null;
  feedId?: GlobalId;
  folderId?: GlobalId;
};

/** The domain's input from GraphQL's: global ids to ids, and what was left out left out (null stays null for scopes). */
export function ruleInputOf(input: RuleInputArgs): Record<string, unknown> {
  const scope = (id: GlobalId) => (id === undefined ? undefined : (id?.id ?? null));
  const entries = Object.entries({
    pattern: input.pattern ?? undefined,
    isRegex: input.isRegex ?? undefined,
    fields: input.fields ?? undefined,
    action: input.action ?? undefined,
    feedId: scope(input.feedId),
    folderId: scope(input.folderId),
  });
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

builder.queryField('filterRules', (t) =>
  t.withAuth({ signedIn: true }).connection({
    type: FilterRuleNode,
    description: `The viewer's filter rules, oldest first (at most ${RULES_MAX}).`,
    resolve: async (_root, args, context, info) => {
      const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
      const rules = await inDomainOrder(
        (await listRules(context.services, context.viewer)).map((rule) => rule.id),
        (ids) => context.services.db.filterRule.findMany({ ...query, where: { id: { in: ids } } }),
      );
      return resolveArrayConnection({ args }, rules);
    },
  }),
);

const FilterRulePreview = builder.objectRef<RulePreview>('FilterRulePreview').implement({
  description: 'What a rule would do among the newest articles of its scope, without saving it.',
  fields: (t) => ({
    examined: t.exposeInt('examined', { description: `How many of the scope’s newest articles were read (at most ${PREVIEW_ARTICLES}).` }),
    affected: t.exposeInt('affected', {
      description: 'How many of them it would hide, mark read or star (for keep-only: hide, as not matching).',
    }),
    articles: t.field({
      type: [ArticleNode],
      description: `The first ${PREVIEW_SHOWN} of those, newest first.`,
      resolve: (preview) => preview.articles,
    }),
  }),
});

builder.queryField('filterRulePreview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: FilterRulePreview,
    description: `What a rule would do among the newest ${PREVIEW_ARTICLES} articles of its scope; refused as saving it would be.`,
    errors: { types: domainErrors },
    args: { input: t.arg({ type: FilterRuleInput, required: true, description: 'The rule to try.' }) },
    resolve: (_root, { input }, context) => previewRule(context.services, context.viewer, ruleInputOf(input)),
  }),
);
