import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { announceUnreadChanged } from '../articles/unreadCounts.ts';
import { loadArticleViews, type ArticleView } from '../articles/articleView.ts';
import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { spendAllowance, type Allowance } from '../core/rateLimits.ts';
import type { Services, Viewer } from '../core/services.ts';
import { contentColumn, reapplyRules } from '../rules/applyRules.ts';
import { compileRule, coversFeed, verdictOf, type CompiledRule, type RuleDefinition } from '../rules/ruleMatch.ts';
import { PATTERN_MAX, PatternError } from '../rules/rulePattern.ts';

export const RULES_MAX = 100;
export const RULE_FIELDS = ['title', 'content', 'author', 'url', 'feed'] as const;
export const RULE_ACTIONS = ['hide', 'markRead', 'star', 'keepOnly'] as const;
/** How many of the scope's newest articles a preview reads. */
export const PREVIEW_ARTICLES = 200;
/** How many of the articles a preview finds it answers in full (the count covers all). */
export const PREVIEW_SHOWN = 20;
/**
 * Each change re-reads every stored article of its scope (seconds on a large account), and each preview the scope's
 * newest articles: a reader may make this many in an hour (a preview is asked as they type, after a pause).
 */
export const RULE_CHANGE_ALLOWANCE: Allowance = {
  points: 60,
  windowSeconds: 3600,
  refusal: 'You have changed your rules 60 times in an hour, the most allowed.',
};
const PREVIEW_ALLOWANCE: Allowance = {
  points: 1200,
  windowSeconds: 3600,
  refusal: 'You have tried 1,200 rules in an hour, the most allowed.',
};
// Re-applying reads every stored article of the scope; a large instance takes seconds, not the default five.
const REAPPLY_TIMEOUT_MS = 120_000;

export type FilterRule = RuleDefinition & { createdAt: Date; updatedAt: Date };

const ruleFields = {
  pattern: z.string({ error: 'Pattern must be text' }).max(PATTERN_MAX, `A pattern must be at most ${PATTERN_MAX} characters`),
  isRegex: z.boolean({ error: 'isRegex must be true or false' }),
  fields: z
    .array(z.enum(RULE_FIELDS, { error: `Each field must be one of ${RULE_FIELDS.join(', ')}` }), { error: 'Fields must be a list' })
    .min(1, 'Choose at least one field to look at')
    .transform((fields) => [...new Set(fields)]),
  action: z.enum(RULE_ACTIONS, { error: `Action must be one of ${RULE_ACTIONS.join(', ')}` }),
  feedId: uuid.nullable(),
  folderId: uuid.nullable(),
};

const createInput = z.strictObject({
  ...ruleFields,
  isRegex: ruleFields.isRegex.default(false),
  fields: ruleFields.fields.default(['title', 'content']),
  feedId: ruleFields.feedId.optional().transform((id) => id ?? null),
  folderId: ruleFields.folderId.optional().transform((id) => id ?? null),
});

const updateInput = z.strictObject({
  pattern: ruleFields.pattern.optional(),
  isRegex: ruleFields.isRegex.optional(),
  fields: ruleFields.fields.optional(),
  action: ruleFields.action.optional(),
  feedId: ruleFields.feedId.optional(),
  folderId: ruleFields.folderId.optional(),
});

const ruleSelect = {
  id: true,
  pattern: true,
  isRegex: true,
  fields: true,
  action: true,
  feedId: true,
  folderId: true,
  createdAt: true,
  updatedAt: true,
} as const;

type Db = Prisma.TransactionClient;

/** A rule made of valid parts, compiled, its scope the viewer's own: else a refusal that says why. */
async function checkedRule(db: Db, viewer: Viewer, rule: Omit<RuleDefinition, 'id'> & { id?: string }): Promise<CompiledRule> {
  if (rule.feedId !== null && rule.folderId !== null) throw new InvalidInputError('A rule applies to a feed or to a folder, not both');
  let compiled: CompiledRule;
  try {
    compiled = compileRule({ id: rule.id ?? '', ...rule });
  } catch (error) {
    if (error instanceof PatternError) throw new InvalidInputError(error.message);
    throw error;
  }
  if (rule.feedId !== null && (await db.subscription.count({ where: { userId: viewer.id, feedId: rule.feedId } })) === 0) {
    throw new NotFoundError('Feed not found among your subscriptions');
  }
  if (rule.folderId !== null && (await db.folder.count({ where: { userId: viewer.id, id: rule.folderId } })) === 0) {
    throw new NotFoundError('Folder not found');
  }
  return compiled;
}

async function ownRule(db: Db, viewer: Viewer, ruleId: unknown): Promise<FilterRule> {
  const id = uuid.safeParse(ruleId);
  const rule = id.success ? await db.filterRule.findFirst({ where: { id: id.data, userId: viewer.id }, select: ruleSelect }) : null;
  if (!rule) throw new NotFoundError('Rule not found');
  return rule;
}

/** The feeds a rule's scope covers among the viewer's subscriptions (null: all of them). */
async function scopeFeeds(db: Db, viewer: Viewer, rule: Pick<RuleDefinition, 'feedId' | 'folderId'>): Promise<string[] | null> {
  if (rule.feedId !== null) return [rule.feedId];
  if (rule.folderId === null) return null;
  const subscriptions = await db.subscription.findMany({ where: { userId: viewer.id, folderId: rule.folderId }, select: { feedId: true } });
  return subscriptions.map((subscription) => subscription.feedId);
}

const union = (a: string[] | null, b: string[] | null) => (a === null || b === null ? null : [...new Set([...a, ...b])]);

/**
 * Runs a change of the viewer's rules (or of what their scopes cover: folders, subscriptions) and re-applies them to the stored articles of the feeds it touched, in one
 * transaction; then tells the viewer's open tabs the counts that moved.
 */
export async function changeRules<T>(
  services: Services,
  viewer: Viewer,
  change: (tx: Db) => Promise<{ result: T; feedIds: string[] | null; acting?: CompiledRule[] }>,
): Promise<T> {
  const { result, moved } = await services.db.$transaction(
    async (tx) => {
      const { result, feedIds, acting } = await change(tx);
      return { result, moved: await reapplyRules(tx, viewer.id, feedIds, acting) };
    },
    { timeout: REAPPLY_TIMEOUT_MS },
  );
  if (moved.length > 0) await announceUnreadChanged(services, [viewer.id], { feedIds: moved });
  return result;
}

/** A rule that marks read or stars acts on the stored articles it matches once, when saved; hide rules are kept. */
const actingOnSave = (rule: CompiledRule) => (rule.action === 'markRead' || rule.action === 'star' ? [rule] : []);

/** The viewer's rules, oldest first (at most RULES_MAX). */
export function listRules(services: Services, viewer: Viewer): Promise<FilterRule[]> {
  return services.db.filterRule.findMany({
    where: { userId: viewer.id },
    select: ruleSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function getRule(services: Services, viewer: Viewer, ruleId: unknown): Promise<FilterRule> {
  return ownRule(services.db, viewer, ruleId);
}

/** Adds a rule and applies it at once to the stored articles of its scope, and from then on to new ones. */
export async function createRule(services: Services, viewer: Viewer, input: unknown): Promise<FilterRule> {
  const data = parseInput(createInput, input);
  await spendAllowance(services, `rule-changes:${viewer.id}`, RULE_CHANGE_ALLOWANCE);
  return changeRules(services, viewer, async (tx) => {
    const compiled = await checkedRule(tx, viewer, data);
    // Counted in the transaction that adds: two rules saved at once cannot both pass the cap.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`rules:${viewer.id}`}, 0))`;
    if ((await tx.filterRule.count({ where: { userId: viewer.id } })) >= RULES_MAX) {
      throw new InvalidInputError(`You can have at most ${RULES_MAX} rules; delete one first`);
    }
    const rule = await tx.filterRule.create({ data: { userId: viewer.id, ...data }, select: ruleSelect });
    return { result: rule, feedIds: await scopeFeeds(tx, viewer, rule), acting: actingOnSave({ ...compiled, id: rule.id }) };
  });
}

/** Changes a rule (only what `input` names) and re-applies the viewer's rules to what its old and new scopes cover. */
export async function updateRule(services: Services, viewer: Viewer, ruleId: unknown, input: unknown): Promise<FilterRule> {
  const changes = parseInput(updateInput, input);
  await spendAllowance(services, `rule-changes:${viewer.id}`, RULE_CHANGE_ALLOWANCE);
  return changeRules(services, viewer, async (tx) => {
    const before = await ownRule(tx, viewer, ruleId);
    const next = { ...before, ...changes };
    // Naming one scope replaces the other: a rule moved to a folder leaves its feed.
    if (changes.feedId) next.folderId = changes.folderId ?? null;
    if (changes.folderId) next.feedId = changes.feedId ?? null;
    const compiled = await checkedRule(tx, viewer, next);
    const rule = await tx.filterRule.update({
      where: { id: before.id },
      data: {
        pattern: next.pattern,
        isRegex: next.isRegex,
        fields: next.fields,
        action: next.action,
        feedId: next.feedId,
        folderId: next.folderId,
      },
      select: ruleSelect,
    });
    const feedIds = union(await scopeFeeds(tx, viewer, before), await scopeFeeds(tx, viewer, rule));
    return { result: rule, feedIds, acting: actingOnSave(compiled) };
  });
}

/** Deletes a rule; what only it hid shows again (unread again when it was unread). What it marked stays marked. */
export async function deleteRule(services: Services, viewer: Viewer, ruleId: unknown): Promise<FilterRule> {
  await spendAllowance(services, `rule-changes:${viewer.id}`, RULE_CHANGE_ALLOWANCE);
  return changeRules(services, viewer, async (tx) => {
    const rule = await ownRule(tx, viewer, ruleId);
    const feedIds = await scopeFeeds(tx, viewer, rule);
    await tx.filterRule.delete({ where: { id: rule.id } });
    return { result: rule, feedIds, acting: [] };
  });
}

export type RulePreview = {
  /** How many of the scope's newest articles were read (at most PREVIEW_ARTICLES). */
  examined: number;
  /** How many of them the rule would act on: hide, mark read or star (for keep-only: hide, as not matching). */
  affected: number;
  /** The first PREVIEW_SHOWN of those, newest first. */
  articles: ArticleView[];
};

/**
 * What a rule would do among the newest PREVIEW_ARTICLES articles of its scope, without saving it: the same checks
 * and refusals as saving, and the same matching.
 */
export async function previewRule(services: Services, viewer: Viewer, input: unknown): Promise<RulePreview> {
  const data = parseInput(createInput, input);
  const rule = await checkedRule(services.db, viewer, data);
  await spendAllowance(services, `rule-previews:${viewer.id}`, PREVIEW_ALLOWANCE);
  // The newest articles are chosen by their keys first; only those 200 are then read whole (content is the longest column).
  const rows = await services.db.$queryRaw<
    {
      id: string;
      feedId: string;
      folderId: string | null;
      feedTitles: string;
      title: string;
      author: string | null;
      url: string | null;
      content: string | null;
    }[]
  >`
    WITH newest AS (
      SELECT a.id, a."publishedAt", s."feedId", s."folderId", s.title AS "ownTitle"
      FROM "Subscription" s
      CROSS JOIN LATERAL (
        SELECT a.id, a."publishedAt" FROM "Article" a WHERE a."feedId" = s."feedId"
        ORDER BY a."publishedAt" DESC, a.id DESC LIMIT ${PREVIEW_ARTICLES}
      ) a
      WHERE s."userId" = ${viewer.id}::uuid
        ${rule.feedId ? Prisma.sql`AND s."feedId" = ${rule.feedId}::uuid` : Prisma.empty}
        ${rule.folderId ? Prisma.sql`AND s."folderId" = ${rule.folderId}::uuid` : Prisma.empty}
      ORDER BY a."publishedAt" DESC, a.id DESC LIMIT ${PREVIEW_ARTICLES}
    )
    SELECT a.id::text, n."feedId"::text, n."folderId"::text, concat_ws(' ', n."ownTitle", f.title) AS "feedTitles",
      a.title, a.author, a.url, ${contentColumn([rule], 'a')} AS content
    FROM newest n JOIN "Article" a ON a.id = n.id JOIN "Feed" f ON f.id = n."feedId"
    ORDER BY n."publishedAt" DESC, n.id DESC`;
  const affected = rows.filter((row) => {
    if (!coversFeed(rule, row.feedId, row.folderId)) return false;
    const verdict = verdictOf([rule], row);
    return verdict.hide || verdict.markRead || verdict.star;
  });
  const shown = affected.slice(0, PREVIEW_SHOWN).map((row) => row.id);
  const views = shown.length ? await loadArticleViews(services, viewer.id, { ids: shown }) : [];
  const byId = new Map(views.map((view) => [view.id, view]));
  return { examined: rows.length, affected: affected.length, articles: shown.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * Re-applies the viewer's rules to one feed of theirs: a subscription started (its stored articles meet the rules)
 * or moved to another folder (folder rules now cover it or no longer do). Run it in the change's transaction.
 */
export function applyRulesToFeed(tx: Db, userId: string, feedId: string): Promise<string[]> {
  return reapplyRules(tx, userId, [feedId]);
}
