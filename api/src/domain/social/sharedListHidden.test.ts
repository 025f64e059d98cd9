import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { createRule } from '../filters/filterRules.ts';
import { follow as followUser } from './follows.ts';
import { countSharedListArticles, listShares, listUserShares, type SharePage } from './shareList.ts';
import { shareArticle } from './shares.ts';

// Issue 43 in the Shared list and a profile's shares: others' shares of what the reader's rules hide are left out, in a
// feed the reader follows (HiddenArticle) or not (their rules for everything), as in the Circle view; the reader's own
// shares stay. Pages walk on past a page whose every row is hidden.

const services = await createTestServices();
const HOUR = 3_600_000;

describe("the Shared list and the reader's filter rules", () => {
  it('leaves out others’ shares of what the rules hide, and keeps the reader’s own', async () => {
    const [reader, friend] = [await newReader(services), await newReader(services)];
    const [followed, other] = [await newFeed(services, { title: 'Followed' }), await newFeed(services, { title: 'Other' })];
    await follow(services, reader.id, followed.id);
    const [crash, mine, garden] = await publish(services, followed.id, [
      { publishedAt: new Date(Date.now() - HOUR), title: 'Crypto crash' },
      { publishedAt: new Date(Date.now() - HOUR), title: 'Crypto I kept' },
      { publishedAt: new Date(Date.now() - HOUR), title: 'Garden tips' },
    ]);
    const [rally] = await publish(services, other.id, [{ publishedAt: new Date(Date.now() - HOUR), title: 'Crypto rally' }]);
    await followUser(services, reader.viewer, friend.id);
    await shareArticle(services, friend.viewer, { articleId: garden!.id });
    await shareArticle(services, friend.viewer, { articleId: crash!.id });
    await shareArticle(services, friend.viewer, { articleId: rally!.id });
    await shareArticle(services, reader.viewer, { articleId: mine!.id });
    const titles = (page: SharePage) => page.shares.map((share) => share.article.title);
    expect(titles(await listShares(services, reader.viewer, {}))).toEqual(['Crypto I kept', 'Crypto rally', 'Crypto crash', 'Garden tips']);

    await createRule(services, reader.viewer, { pattern: 'crypto', fields: ['title'], action: 'hide' });
    expect(titles(await listShares(services, reader.viewer, {}))).toEqual(['Crypto I kept', 'Garden tips']);
    expect(titles(await listUserShares(services, reader.viewer, friend.id, {}))).toEqual(['Garden tips']);
    expect(titles(await listUserShares(services, reader.viewer, reader.id, {}))).toEqual(['Crypto I kept']);
    // The friend's own lists are theirs: the reader's rules do not touch them.
    expect(titles(await listUserShares(services, friend.viewer, friend.id, {}))).toEqual(['Crypto rally', 'Crypto crash', 'Garden tips']);
    // Counted: the reader's own and Garden tips, and Crypto rally, which only a page finds hidden (a feed they do not follow).
    expect(await countSharedListArticles(services, reader.viewer)).toBe(3);

    // One share a page: the page of Crypto rally is empty, and the walk goes on past it.
    const walked: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: SharePage = await listShares(services, reader.viewer, { first: 1, after });
      walked.push(...titles(page));
      if (!page.hasNextPage) break;
      expect(page.endCursor).not.toBeNull();
      after = page.endCursor;
    }
    expect(walked).toEqual(['Crypto I kept', 'Garden tips']);
  });
});
