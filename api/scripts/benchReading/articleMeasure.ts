// The single-article actions at scale: opening an article (getArticle with its content, what the article view
// asks) and marking it read (markArticleRead, with its copies and the live event's counts), each for an article of
// a random user's first unread page. Marking read runs in a transaction rolled back afterwards, as mark-all-read does.
import { articleQuery } from '../../src/domain/articles/articleQuery.ts';
import { markArticleRead } from '../../src/domain/articles/articleState.ts';
import { getArticle } from '../../src/domain/articles/listArticles.ts';
import type { Services } from '../../src/domain/core/services.ts';
import { type CaseResult, drawableUsers, inRolledBackTransaction, type MeasureOptions, positions, timed } from './measure.ts';
import { random } from './random.ts';

/** The page the reader opens articles from (web/src/features/articles/listSearch.ts PAGE_SIZE). */
const PAGE = 30;

export async function measureArticleActions(services: Services, options: MeasureOptions): Promise<CaseResult[]> {
  const pick = random(4747);
  const users = await drawableUsers(services, options);
  const view: CaseResult = { name: 'article view · with content', kind: 'view', samples: [] };
  const read: CaseResult = { name: 'mark one article read', kind: 'mark', samples: [] };
  for (let round = 0; read.samples.length < options.samples && round < 10 * (options.warmup + options.samples); round++) {
    const user = users[Math.floor(pick() * users.length)]!;
    const head = await positions(services, await articleQuery(services, user.viewer, { filter: 'unread', first: PAGE }), PAGE);
    if (head.length === 0) continue;
    const { id } = head[Math.floor(pick() * head.length)]!;
    const [viewMs] = await timed(() => getArticle(services, user.viewer, id, { content: true }));
    const [readMs] = await inRolledBackTransaction(services, (tx) => markArticleRead(tx, user.viewer, id));
    if (round < options.warmup) continue;
    view.samples.push({ ms: viewMs, rows: 1, input: { id }, viewer: user.viewer });
    read.samples.push({ ms: readMs, rows: 1, input: { id }, viewer: user.viewer });
  }
  options.progress(`  article view and mark read: ${view.samples.length} samples`);
  return [view, read];
}
