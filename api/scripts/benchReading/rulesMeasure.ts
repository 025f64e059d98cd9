// The cases of issue 43: the article lists and the Circle view of the rule users (rules.ts: 20 filter rules, 10 muted
// people, 2 muted feeds each), through the same domain functions as measure.ts, at the screen's page of 30 rows.
import { articleQuery } from '../../src/domain/articles/articleQuery.ts';
import { listArticles } from '../../src/domain/articles/listArticles.ts';
import { encodeKeyset } from '../../src/domain/core/keyset.ts';
import type { Services } from '../../src/domain/core/services.ts';
import { type CaseResult, loadUsers, type MeasureOptions, positions, screenCount, spent, timed, type UserInfo } from './measure.ts';
import { random } from './random.ts';
import type { RuleUser, RulesMarker } from './rules.ts';

/** The web app's page (web/src/features/articles/listSearch.ts PAGE_SIZE). */
export const SCREEN_PAGE = 30;
/** The Circle's later page: the fourth, after 90 stories. */
export const CIRCLE_LATER_PAGE = 4;

type RuleReader = UserInfo & { rules: RuleUser };

async function ruleReaders(services: Services, marker: RulesMarker): Promise<RuleReader[]> {
  const byId = new Map(marker.users.map((u) => [u.id, u]));
  return (await loadUsers(services)).flatMap((u) => {
    const rules = byId.get(u.viewer.id);
    return rules ? [{ ...u, rules }] : [];
  });
}

type Shape = { name: string; input: (user: RuleReader) => Record<string, unknown> };

const SHAPES: Shape[] = [
  { name: 'unread · everything', input: () => ({ filter: 'unread' }) },
  { name: 'all · everything', input: () => ({ filter: 'all' }) },
  { name: 'unread · the rules folder', input: (u) => ({ filter: 'unread', folderId: u.rules.folderId }) },
  { name: 'all · the rules folder', input: (u) => ({ filter: 'all', folderId: u.rules.folderId }) },
  { name: 'all · the keep-only feed', input: (u) => ({ filter: 'all', feedId: u.rules.keepOnlyFeedId }) },
];

/**
 * Each shape for random rule users: the first page, the page after row 2,000 (two thirds down a list shorter than
 * 3,000 rows, none under 300) and the list's count. Cursors are found once per user and shape (they do not move).
 */
export async function measureRuleLists(services: Services, marker: RulesMarker, options: MeasureOptions): Promise<CaseResult[]> {
  const pick = random(43);
  const users = await ruleReaders(services, marker);
  const randomUser = () => users[Math.floor(pick() * users.length)]!;
  const results: CaseResult[] = [];
  const page = async (user: RuleReader, input: Record<string, unknown>, after?: string) =>
    timed(async () => {
      const query = await articleQuery(services, user.viewer, { ...input, first: SCREEN_PAGE, after });
      const result = await listArticles(services, query);
      return { query, rows: result.articles.length };
    });
  for (const shape of SHAPES) {
    const deepCursor = new Map<string, string | null>();
    const cursorOf = async (user: RuleReader, input: Record<string, unknown>) => {
      if (!deepCursor.has(user.viewer.id)) {
        const head = await positions(services, await articleQuery(services, user.viewer, input), 3000);
        const depth = head.length >= 3000 ? 2000 : head.length > 300 ? Math.floor((head.length * 2) / 3) : 0;
        const at = depth > 0 ? head[depth - 1]! : null;
        deepCursor.set(user.viewer.id, at ? encodeKeyset({ time: at.publishedAt, id: at.id }) : null);
      }
      return deepCursor.get(user.viewer.id)!;
    };
    for (let i = 0; i < options.warmup; i++) {
      const user = randomUser();
      await page(user, shape.input(user));
      await cursorOf(user, shape.input(user));
    }
    const cases = {
      first: { name: `rules · ${shape.name} · first ${SCREEN_PAGE}`, kind: 'list', samples: [] } as CaseResult,
      deep: { name: `rules · ${shape.name} · after row 2,000`, kind: 'list', samples: [] } as CaseResult,
      count: { name: `rules · ${shape.name} · count`, kind: 'count', samples: [] } as CaseResult,
    };
    const started = performance.now();
    for (let i = 0; i < options.samples && (performance.now() - started) / 1000 < options.budgetSeconds; i++) {
      {
        const user = randomUser();
        const input = shape.input(user);
        const [ms, { query, rows }] = await page(user, input);
        cases.first.samples.push({ ms, rows, query, input, viewer: user.viewer });
      }
      {
        const user = randomUser();
        const input = shape.input(user);
        const after = await cursorOf(user, input);
        if (after) {
          const [ms, { query, rows }] = await page(user, input, after);
          cases.deep.samples.push({ ms, rows, query, input: { ...input, after }, viewer: user.viewer });
        }
      }
      if (spent(cases.count) < (options.budgetSeconds * 1000) / 3) {
        const user = randomUser();
        const input = shape.input(user);
        const query = await articleQuery(services, user.viewer, input);
        const [ms, count] = await timed(() => screenCount(services, query));
        cases.count.samples.push({ ms, rows: count, query, input, viewer: user.viewer });
      }
    }
    for (const result of Object.values(cases)) if (result.samples.length) results.push(result);
    options.progress(
      `  rules · ${shape.name}: ${cases.first.samples.length} samples, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  return results;
}

/**
 * The Circle view of random rule users through listArticles (filter 'circle'): the first page, the fourth (its cursor
 * found once per user) and the count.
 */
export async function measureRuleCircle(services: Services, marker: RulesMarker, options: MeasureOptions): Promise<CaseResult[]> {
  const pick = random(4343);
  const users = await ruleReaders(services, marker);
  const randomUser = () => users[Math.floor(pick() * users.length)]!;
  const page = (user: RuleReader, after?: string) =>
    timed(async () => {
      const query = await articleQuery(services, user.viewer, { filter: 'circle', first: SCREEN_PAGE, after });
      const result = await listArticles(services, query);
      return { rows: result.articles.length, endCursor: result.endCursor, hasNextPage: result.hasNextPage };
    });
  const laterCursor = new Map<string, string | null>();
  const cursorOf = async (user: RuleReader) => {
    if (!laterCursor.has(user.viewer.id)) {
      let after: string | undefined;
      for (let p = 1; p < CIRCLE_LATER_PAGE; p++) {
        const [, result] = await page(user, after);
        after = result.hasNextPage ? (result.endCursor ?? undefined) : undefined;
        if (!after) break;
      }
      laterCursor.set(user.viewer.id, after ?? null);
    }
    return laterCursor.get(user.viewer.id)!;
  };
  for (let i = 0; i < options.warmup; i++) {
    const user = randomUser();
    await page(user);
    await cursorOf(user);
  }
  const first: CaseResult = { name: `rules · circle · first ${SCREEN_PAGE}`, kind: 'circle', samples: [] };
  const later: CaseResult = { name: `rules · circle · page ${CIRCLE_LATER_PAGE}`, kind: 'circle', samples: [] };
  const count: CaseResult = { name: 'rules · circle · count', kind: 'circle', samples: [] };
  const started = performance.now();
  for (let i = 0; i < options.samples && (performance.now() - started) / 1000 < options.budgetSeconds; i++) {
    {
      const user = randomUser();
      const [ms, { rows }] = await page(user);
      first.samples.push({ ms, rows, input: { filter: 'circle', first: SCREEN_PAGE }, viewer: user.viewer });
    }
    {
      const user = randomUser();
      const after = await cursorOf(user);
      if (after) {
        const [ms, { rows }] = await page(user, after);
        later.samples.push({ ms, rows, input: { filter: 'circle', first: SCREEN_PAGE, after }, viewer: user.viewer });
      }
    }
    {
      const user = randomUser();
      const query = await articleQuery(services, user.viewer, { filter: 'circle' });
      const [ms, n] = await timed(() => screenCount(services, query));
      count.samples.push({ ms, rows: n, query, input: { filter: 'circle' }, viewer: user.viewer });
    }
  }
  options.progress(`  rules · circle: ${first.samples.length} samples, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return [first, later, count].filter((r) => r.samples.length > 0);
}
