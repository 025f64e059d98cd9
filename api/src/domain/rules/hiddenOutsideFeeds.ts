import type { Services } from '../core/services.ts';
import { compileStoredRules, contentColumn, readerRules } from './applyRules.ts';
import { verdictOf } from './ruleMatch.ts';

/**
 * Which of these articles the viewer's rules for everything hide, among those of feeds the viewer does not follow (the
 * Circle view shows articles from any feed; HiddenArticle holds only the viewer's feeds'). Two statements when the
 * viewer has such rules, one otherwise.
 */
export async function hiddenOutsideFeeds(
  services: Pick<Services, 'db'>,
  viewerId: string,
  articleIds: readonly string[],
): Promise<Set<string>> {
  if (articleIds.length === 0) return new Set();
  const rules = compileStoredRules(await readerRules(services.db, viewerId)).filter(
    (rule) => rule.feedId === null && rule.folderId === null && (rule.action === 'hide' || rule.action === 'keepOnly'),
  );
  if (rules.length === 0) return new Set();
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
