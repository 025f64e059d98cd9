import { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../core/services.ts';
import { compileStoredRules, contentColumn, type RuleRow } from './applyRules.ts';
import { verdictOf } from './ruleMatch.ts';

/**
 * The viewer's rules for everything that hide, as a scalar subquery of a JSON array of RuleRow, for the statement that
 * asks for the rows whose articles `hiddenOutsideFeeds` then checks (so a viewer without such rules costs nothing more).
 */
export function everythingRulesSql(viewerId: string): Prisma.Sql {
  return Prisma.sql`(
    SELECT coalesce(json_agg(r ORDER BY r."createdAt", r.id), '[]'::json) FROM (
      SELECT id, pattern, "isRegex", fields::text[] AS fields, action::text AS action, "feedId", "folderId", "createdAt" FROM "FilterRule"
      WHERE "userId" = ${viewerId}::uuid AND "feedId" IS NULL AND "folderId" IS NULL AND action IN ('hide', 'keepOnly')
    ) r)`;
}

/**
 * Which of these articles the viewer's rules for everything hide, among those of feeds the viewer does not follow (the
 * Circle view shows articles from any feed; HiddenArticle holds only the viewer's feeds'). `ruleRows`, when the
 * caller read them with its own statement (everythingRulesSql), else read here; one statement more when there are any.
 */
async function everythingRules(services: Pick<Services, 'db'>, viewerId: string): Promise<RuleRow[]> {
  const [row] = await services.db.$queryRaw<{ rules: RuleRow[] }[]>`SELECT ${everythingRulesSql(viewerId)} AS rules`;
  return row?.rules ?? [];
}

export async function hiddenOutsideFeeds(
  services: Pick<Services, 'db'>,
  viewerId: string,
  articleIds: readonly string[],
  ruleRows?: readonly RuleRow[],
): Promise<Set<string>> {
  if (articleIds.length === 0) return new Set();
  const rules = compileStoredRules(ruleRows ?? (await everythingRules(services, viewerId)));
  if (articleIds.length === 0 || rules.length === 0) return new Set();
  const rows = await services.db.$queryRaw<
    { id: string; title: string; author: string | null; url: string | null; content: string | null; feedTitles: string }[]
  >`
    SELECT a.id::text, a.title, a.author, a.url, ${contentColumn(rules, 'a')} AS content,
      f.title AS "feedTitles"
    FROM "Article" a JOIN "Feed" f ON f.id = a."feedId"
    WHERE a.id = ANY(${[...articleIds]}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM "Subscription" s WHERE s."userId" = ${viewerId}::uuid AND s."feedId" = a."feedId")`;
  return new Set(rows.filter((row) => verdictOf(rules, row).hide).map((row) => row.id));
}
