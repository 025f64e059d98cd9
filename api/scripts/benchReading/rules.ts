// The reading benchmark's readers with filter rules and mutes (issue 43): ten ordinary users each get 20 filter rules.
// The first few (`timed`) save them through the domain's createRule one after the other, and each save's time is the
// cost of "re-applied at once" at this scale (every save re-applies all of the reader's rules to every stored article
// of its scope, so 20 saves take long: minutes per user); the others get the same 20 rules in one change through
// the domain's changeRules, which re-applies them once. Either way HiddenArticle and UnreadArticle end as production
// leaves them. Each user also follows 100 people (who share and comment), mutes 10 of them (the loudest) and mutes 2 of
// their feeds. Done once per seeded instance, after the seed, and recorded in bench.rules_marker, so `--reuse` finds
// it again and prints the recorded save times.
import pg from 'pg';
import type { Services, Viewer } from '../../src/domain/core/services.ts';
import { changeRules, createRule } from '../../src/domain/filters/filterRules.ts';
import { setSubscriptionMuted } from '../../src/domain/subscriptions/subscriptions.ts';
import { type SeedPlan, username } from './plan.ts';
import { vocabulary } from './vocabulary.ts';

export const RULES_SETUP_VERSION = 1;
/** People each rule user follows, of whom MUTED_PEOPLE are muted. */
export const FOLLOWED = 100;
export const MUTED_PEOPLE = 10;
export const MUTED_FEEDS = 2;

export type RuleKind = 'everything' | 'folder' | 'keepOnly' | 'regex';

export type RuleUser = {
  id: string;
  username: string;
  /** The folder of the three folder rules (the user's folder holding the most subscriptions). */
  folderId: string;
  /** The feed of the two keep-only rules (the user's largest feed). */
  keepOnlyFeedId: string;
  mutedFeedIds: string[];
  /** Articles of the user's subscriptions, and how many of them the rules hide. */
  articles: number;
  hidden: number;
  /** Shares and comments of the people followed (muted ones included), and of the muted ones. */
  signals: number;
  mutedSignals: number;
};

export type RulesMarker = {
  version: number;
  setUpAt: string;
  setupSeconds: number;
  users: RuleUser[];
  /** Each createRule's time, in creation order per user (the timed users'). */
  saves: { userId: string; kind: RuleKind; ms: number; hiddenAfter: number; failed?: string }[];
  /** The other users' one change of 20 rules (changeRules, re-applied once). */
  batches: { userId: string; ms: number }[];
};

type RuleInput = {
  kind: RuleKind;
  pattern: string;
  isRegex?: boolean;
  fields?: string[];
  action: 'hide' | 'keepOnly';
  scope: 'everything' | 'folder' | 'feed';
};

/**
 * The 20 rules of the k-th rule user, in the order they are saved (kinds interleaved, as a reader adds them over
 * time). Words are picked by their rank in the seed's Zipf vocabulary (an article of ~250 words holds a word of
 * rank r with probability ≈ 250 / (r · ln 50,000)): the 14 rules for everything hide words of ranks 1,500–15,000
 * (each in about 0.2–1.5 % of articles; every third rule names two words), the 3 folder rules words of ranks
 * 400–1,000 (2–5 %), the 2 keep-only rules of one feed keep words of ranks ~100–160 (8–15 % each), and the regex
 * hides titles with synthetic words starting "zenba", "karko" and the like (about 1 % of titles).
 */
export function ruleInputs(k: number, words: readonly string[]): RuleInput[] {
  const word = (rank: number) => words[rank - 1]!;
  const everything: RuleInput[] = Array.from({ length: 14 }, (_, i) => {
    const rank = 1500 + i * 1000 + k * 37;
    return {
      kind: 'everything',
      action: 'hide',
      scope: 'everything',
      pattern: i % 3 === 0 ? `${word(rank)}, ${word(rank + 1)}` : word(rank),
    };
  });
  const folder: RuleInput[] = [0, 1, 2].map((i) => ({
    kind: 'folder',
    action: 'hide',
    scope: 'folder',
    pattern: word(400 + i * 300 + k * 11),
  }));
  const keepOnly: RuleInput[] = [0, 1].map((i) => ({
    kind: 'keepOnly',
    action: 'keepOnly',
    scope: 'feed',
    pattern: word(100 + i * 60 + k),
  }));
  const regex: RuleInput = {
    kind: 'regex',
    action: 'hide',
    scope: 'everything',
    pattern: '\\b(?:zen|kar)(?:ba|ko|mi|ru)[a-z]*th\\b',
    isRegex: true,
    fields: ['title'],
  };
  return [
    ...everything.slice(0, 5),
    folder[0]!,
    ...everything.slice(5, 8),
    keepOnly[0]!,
    folder[1]!,
    ...everything.slice(8, 11),
    regex,
    keepOnly[1]!,
    folder[2]!,
    ...everything.slice(11),
  ];
}

/** The rule users: `count` ordinary users (not the main ones) spread evenly over the rest, so over reading rates. */
function ruleUserIndexes(plan: SeedPlan, count: number): number[] {
  const ordinary = plan.users - plan.mainUsers;
  const n = Math.min(count, ordinary);
  return Array.from({ length: n }, (_, k) => plan.mainUsers + 1 + Math.floor(((k + 0.5) * ordinary) / n));
}

export async function readRulesMarker(databaseUrl: string): Promise<RulesMarker | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ value: RulesMarker }>(`SELECT value FROM bench.rules_marker`);
    const marker = rows[0]?.value ?? null;
    return marker?.version === RULES_SETUP_VERSION ? marker : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Gives the rule users their follows, mutes, muted feeds and rules (after undoing a setup left half done). */
export async function setUpRules(
  services: Services,
  databaseUrl: string,
  plan: SeedPlan,
  count: number,
  timed: number,
  print: (line: string) => void,
): Promise<RulesMarker> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const usernames = ruleUserIndexes(plan, count).map((i) => username(plan, i));
    const { rows: found } = await client.query<{ id: string; username: string }>(
      `SELECT id::text, username::text FROM "User" WHERE username = ANY($1::text[]) ORDER BY username`,
      [usernames],
    );
    await undo(
      client,
      found.map((u) => u.id),
    );
    const words = vocabulary(plan.vocabulary);
    const users: RuleUser[] = [];
    const saves: RulesMarker['saves'] = [];
    const batches: RulesMarker['batches'] = [];
    for (const [k, user] of found.entries()) {
      const viewer: Viewer = { id: user.id, username: user.username, role: 'user', credential: { kind: 'session', id: 'bench' } };
      // 100 people, drawn the same way on every run, among those who shared or commented (nearly everyone).
      const { rows: people } = await client.query<{ id: string; signals: number }>(
        `SELECT u.id::text, (SELECT count(*) FROM "Share" s WHERE s."userId" = u.id)::int + (SELECT count(*) FROM "Comment" c WHERE c."userId" = u.id)::int AS signals
         FROM "User" u WHERE u.id <> $1::uuid ORDER BY md5($1 || u.id::text) LIMIT $2`,
        [user.id, FOLLOWED],
      );
      // Follow and Mute rows written directly (what follow() and mute() store, without their notifications), so the
      // setup does not depend on the social code of the day.
      await client.query(`INSERT INTO "Follow" ("followerId", "followingId") SELECT $1::uuid, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [
        user.id,
        people.map((p) => p.id),
      ]);
      // The loudest people are the ones muted.
      const muted = [...people].sort((a, b) => b.signals - a.signals).slice(0, MUTED_PEOPLE);
      await client.query(`INSERT INTO "Mute" ("muterId", "mutedId") SELECT $1::uuid, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [
        user.id,
        muted.map((p) => p.id),
      ]);
      const { rows: subscriptions } = await client.query<{ id: string; feedId: string; folderId: string | null; size: number }>(
        `SELECT s.id::text, s."feedId"::text, s."folderId"::text, (SELECT count(*) FROM "Article" a WHERE a."feedId" = s."feedId")::int AS size
         FROM "Subscription" s WHERE s."userId" = $1::uuid ORDER BY size DESC, s.id`,
        [user.id],
      );
      const folderSizes = new Map<string, number>();
      for (const s of subscriptions) if (s.folderId) folderSizes.set(s.folderId, (folderSizes.get(s.folderId) ?? 0) + 1);
      const folderId = [...folderSizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
      const keepOnlyFeedId = subscriptions[0]!.feedId;
      // Two feeds muted: drawn among the rest, outside the rules' folder and feed.
      const mutable = subscriptions
        .slice(1)
        .filter((s) => s.folderId !== folderId)
        .sort((a, b) => hash(user.id + a.feedId) - hash(user.id + b.feedId))
        .slice(0, MUTED_FEEDS);
      for (const s of mutable) await setSubscriptionMuted(services, viewer, s.id, { muted: true });
      const times: string[] = [];
      const inputs = ruleInputs(k, words).map((rule) => ({
        kind: rule.kind,
        input: {
          pattern: rule.pattern,
          isRegex: rule.isRegex ?? false,
          fields: (rule.fields ?? ['title', 'content']) as ('title' | 'content')[],
          action: rule.action,
          feedId: rule.scope === 'feed' ? keepOnlyFeedId : null,
          folderId: rule.scope === 'folder' ? folderId : null,
        },
      }));
      const failed: typeof inputs = [];
      if (k < timed) {
        for (const { kind, input } of inputs) {
          const t = performance.now();
          let failure: string | undefined;
          try {
            await createRule(services, viewer, input);
          } catch (error) {
            // A save that fails (the re-applying transaction's time limit) is recorded, and its rule added below.
            failure = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error);
            failed.push({ kind, input });
            print(`  ${user.username}: createRule (${kind}) failed after ${((performance.now() - t) / 1000).toFixed(1)} s: ${failure}`);
          }
          const ms = performance.now() - t;
          const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "HiddenArticle" WHERE "userId" = $1::uuid`, [
            user.id,
          ]);
          saves.push({ userId: user.id, kind, ms, hiddenAfter: rows[0]!.n, ...(failure ? { failed: failure } : {}) });
          times.push(`${kind[0]}${(ms / 1000).toFixed(1)}${failure ? '!' : ''}`);
        }
      }
      const batch = k < timed ? failed : inputs;
      if (batch.length) {
        const t = performance.now();
        await changeRules(services, viewer, async (tx) => {
          await tx.filterRule.createMany({ data: batch.map(({ input }) => ({ userId: user.id, ...input })) });
          return { result: null, feedIds: null };
        });
        const ms = performance.now() - t;
        if (k >= timed) batches.push({ userId: user.id, ms });
        times.push(`${batch.length} rules in one change ${(ms / 1000).toFixed(1)}`);
      }
      const { rows: totals } = await client.query<{ articles: number; hidden: number; signals: number; muted: number }>(
        `SELECT (SELECT count(*) FROM "Article" a JOIN "Subscription" s ON s."feedId" = a."feedId" WHERE s."userId" = $1::uuid)::int AS articles,
                (SELECT count(*) FROM "HiddenArticle" WHERE "userId" = $1::uuid)::int AS hidden,
                (SELECT count(*) FROM "Follow" f JOIN "Share" x ON x."userId" = f."followingId" WHERE f."followerId" = $1::uuid)::int
                  + (SELECT count(*) FROM "Follow" f JOIN "Comment" x ON x."userId" = f."followingId" WHERE f."followerId" = $1::uuid)::int AS signals,
                (SELECT count(*) FROM "Mute" m JOIN "Share" x ON x."userId" = m."mutedId" WHERE m."muterId" = $1::uuid)::int
                  + (SELECT count(*) FROM "Mute" m JOIN "Comment" x ON x."userId" = m."mutedId" WHERE m."muterId" = $1::uuid)::int AS muted`,
        [user.id],
      );
      const t = totals[0]!;
      users.push({
        id: user.id,
        username: user.username,
        folderId,
        keepOnlyFeedId,
        mutedFeedIds: mutable.map((s) => s.feedId),
        articles: t.articles,
        hidden: t.hidden,
        signals: t.signals,
        mutedSignals: t.muted,
      });
      print(
        `  ${user.username}: ${subscriptions.length} feeds, ${t.articles} articles, ${t.hidden} hidden; circle ${t.signals} signals (${t.muted} muted); saves (s; e/f/k/r: kind, !: failed) ${times.join(' ')}`,
      );
    }
    await client.query(
      'VACUUM ANALYZE "HiddenArticle", "UnreadArticle", "FeedUnreadCount", "Follow", "Mute", "FilterRule", "Subscription"',
    );
    const marker: RulesMarker = {
      version: RULES_SETUP_VERSION,
      setUpAt: new Date().toISOString(),
      setupSeconds: Math.round((performance.now() - started) / 100) / 10,
      users,
      saves,
      batches,
    };
    await client.query(`CREATE TABLE IF NOT EXISTS bench.rules_marker (value jsonb NOT NULL); DELETE FROM bench.rules_marker`);
    await client.query(`INSERT INTO bench.rules_marker VALUES ($1)`, [JSON.stringify(marker)]);
    return marker;
  } finally {
    await client.end();
  }
}

/** Takes back what a setup left (rules, hidden rows put back as unread, follows, mutes, muted feeds) of these users. */
async function undo(client: pg.Client, ids: string[]): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS bench.rules_marker`);
  const { rows } = await client.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM "FilterRule" WHERE "userId" = ANY($1::uuid[])) + (SELECT count(*) FROM "Follow" WHERE "followerId" = ANY($1::uuid[])) AS n`,
    [ids],
  );
  if (Number(rows[0]!.n) === 0) return;
  await client.query(
    `INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
     SELECT "userId", "articleId", "feedId", "publishedAt" FROM "HiddenArticle" WHERE "userId" = ANY($1::uuid[]) AND "wasUnread"
     ON CONFLICT DO NOTHING;
     DELETE FROM "HiddenArticle" WHERE "userId" = ANY($1::uuid[]);
     DELETE FROM "FilterRule" WHERE "userId" = ANY($1::uuid[]);
     DELETE FROM "Follow" WHERE "followerId" = ANY($1::uuid[]);
     DELETE FROM "Mute" WHERE "muterId" = ANY($1::uuid[]);
     UPDATE "Subscription" SET muted = false WHERE "userId" = ANY($1::uuid[]) AND muted`.replace(/\$1/g, `'{${ids.join(',')}}'`),
  );
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Nearest-rank p50, p95 and max of the save times of each kind and of all, with failures; and of the one-change batches. */
export function saveSummary(marker: RulesMarker): string[][] {
  const kinds: (RuleKind | 'all')[] = ['everything', 'folder', 'keepOnly', 'regex', 'all'];
  const row = (name: string, values: number[], failed: number) => {
    const ms = [...values].sort((a, b) => a - b);
    if (ms.length === 0) return [name, '0', '', '', '', ''];
    const p = (q: number) => ms[Math.min(ms.length - 1, Math.max(0, Math.ceil(q * ms.length) - 1))]!;
    return [name, String(ms.length), p(0.5).toFixed(0), p(0.95).toFixed(0), ms.at(-1)!.toFixed(0), String(failed)];
  };
  const kindRows = kinds.map((kind) => {
    const saves = marker.saves.filter((s) => kind === 'all' || s.kind === kind);
    return row(
      `createRule · ${kind}`,
      saves.map((s) => s.ms),
      saves.filter((s) => s.failed).length,
    );
  });
  return [
    ...kindRows,
    row(
      'changeRules · 20 rules at once',
      (marker.batches ?? []).map((b) => b.ms),
      0,
    ),
  ];
}
