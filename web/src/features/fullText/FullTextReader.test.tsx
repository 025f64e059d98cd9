import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { ArticleContent } from '../reader/ArticleContent';
import type { FullTextReaderTestQuery } from './__generated__/FullTextReaderTestQuery.graphql';
import type { useFullTextView_article$key } from './__generated__/useFullTextView_article.graphql';
import { FULL_TEXT_POLL, FullTextReaderContext, useFullTextReader } from './fullTextReader';
import { LoadFullTextButton } from './LoadFullTextButton';
import { useFullTextView } from './useFullTextView';

const ARTICLE_ID = 'QXJ0aWNsZTox';
const FEED_TEXT = 'A teaser of the story. Read more';
const FULL_TEXT = 'The whole story, read from its page.';

const readerQuery = graphql`
  query FullTextReaderTestQuery($id: ID!) {
    node(id: $id) {
      ...useFullTextView_article @alias
      ...ArticleContent_article @alias
    }
  }
`;

type FullText = { status: 'pending' | 'done' | 'failed'; content: string | null; error: string | null; sourceUrl: string | null };

const done: FullText = { status: 'done', content: `<p>${FULL_TEXT}</p>`, error: null, sourceUrl: 'https://www.example.com/story' };
const failed: FullText = { status: 'failed', content: null, error: 'The page answered 403 Forbidden', sourceUrl: null };
const pending: FullText = { status: 'pending', content: null, error: null, sourceUrl: null };

const articleAnswer = (fullText: FullText | null, showsFullText = false) => ({
  __typename: 'Article',
  id: ARTICLE_ID,
  url: 'https://www.example.com/story',
  content: `<p>${FEED_TEXT}</p>`,
  showsFullText,
  fullText: fullText && { ...fullText, fetchedAt: null },
});

/** The toolbar's part in it, as ReaderToolbar does it: the button and the f key. */
function Toolbar({ article }: { article: useFullTextView_article$key }) {
  const view = useFullTextView(article);
  useKeyboardShortcuts({ f: view.toggle });
  return <LoadFullTextButton view={view} />;
}

/** The reader's two users of the choice, the toolbar and the article, under the reader's context (ArticleReader). */
function Reader() {
  const { node } = useLazyLoadQuery<FullTextReaderTestQuery>(readerQuery, { id: ARTICLE_ID });
  const reader = useFullTextReader();
  if (!node?.useFullTextView_article || !node.ArticleContent_article) return null;
  return (
    <FullTextReaderContext value={reader}>
      <Toolbar article={node.useFullTextView_article} />
      <ArticleContent article={node.ArticleContent_article} />
    </FullTextReaderContext>
  );
}

function openReader(fullText: FullText | null, showsFullText = false) {
  const relay = createMockEnvironment({ FullTextReaderTestQuery: () => ({ data: { node: articleAnswer(fullText, showsFullText) } }) });
  renderWithRouter(
    <Suspense fallback={null}>
      <Reader />
    </Suspense>,
    { environment: relay.environment, path: `/article/${ARTICLE_ID}` },
  );
  return relay;
}

/** Answers the pending loadFullText with the article as the server then has it. */
const answerLoad = (relay: ReturnType<typeof createMockEnvironment>, fullText: FullText) =>
  act(() => relay.take('loadFullText').resolve({ data: { loadFullText: articleAnswer(fullText) } }));

const loadButton = () => screen.queryByRole('button', { name: 'Load full article' });

beforeAll(() => {
  configure({ asyncUtilTimeout: 5_000 });
  // jsdom has no ResizeObserver; the article measures its wide blocks with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the reader’s full article', () => {
  it('shows the feed’s content until the reader asks, then the full article under the line naming its site', async () => {
    const relay = openReader(null);
    expect(await screen.findByText(FEED_TEXT)).toBeTruthy();
    fireEvent.click(loadButton()!);
    // Meanwhile the feed's content stays, under the loading line.
    expect(screen.getByText('Loading the full article…')).toBeTruthy();
    expect(screen.getByText(FEED_TEXT)).toBeTruthy();
    expect(relay.sent.filter(({ name }) => name === 'fullTextReaderLoadMutation')).toEqual([
      { name: 'fullTextReaderLoadMutation', variables: { id: ARTICLE_ID } },
    ]);
    await answerLoad(relay, done);
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
    expect(screen.queryByText(FEED_TEXT)).toBeNull();
    expect(screen.getByText('Full article from example.com')).toBeTruthy();
    expect(loadButton()).toBeNull();
  });

  it('goes to the feed’s version and back, by the line’s button and by f', async () => {
    openReader(done, true);
    expect(await screen.findByText(FULL_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the feed’s version' }));
    expect(screen.getByText(FEED_TEXT)).toBeTruthy();
    expect(screen.getByText('The feed’s version')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the full article' }));
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'f' });
    expect(screen.getByText(FEED_TEXT)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'f' });
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
  });

  it('loads with f, and does not show a full article read before until asked', async () => {
    const relay = openReader(done);
    expect(await screen.findByText(FEED_TEXT)).toBeTruthy();
    expect(screen.queryByText(/Full article from/)).toBeNull();
    fireEvent.keyDown(window, { key: 'f' });
    // Read before: shown at once, without asking the server.
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
    expect(relay.sent.map(({ name }) => name)).toEqual(['FullTextReaderTestQuery']);
  });

  it('says why it failed above the feed’s content, which stays, and tries again', async () => {
    const relay = openReader(null);
    expect(await screen.findByText(FEED_TEXT)).toBeTruthy();
    fireEvent.click(loadButton()!);
    await answerLoad(relay, failed);
    expect(screen.getByText('Could not load the full article: The page answered 403 Forbidden')).toBeTruthy();
    expect(screen.getByText(FEED_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Loading the full article…')).toBeTruthy();
    await answerLoad(relay, done);
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
  });

  it('tells a refusal by the server in the same line', async () => {
    const relay = openReader(null);
    expect(await screen.findByText(FEED_TEXT)).toBeTruthy();
    fireEvent.click(loadButton()!);
    await act(() =>
      relay.take('loadFullText').resolve({
        data: {
          loadFullText: {
            __typename: 'RateLimitedError',
            __isError: 'RateLimitedError',
            message: 'You have loaded 300 full articles in an hour, the most allowed.',
          },
        },
      }),
    );
    expect(screen.getByText(/^Could not load the full article: You have loaded 300 full articles/)).toBeTruthy();
  });

  it('waits for a full article read in the background, looking again every two seconds until it is read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const relay = openReader(pending, true);
    expect(await screen.findByText('Loading the full article…')).toBeTruthy();
    expect(screen.getByText(FEED_TEXT)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(FULL_TEXT_POLL.everyMs));
    await act(() => relay.take('article').resolve({ data: { article: articleAnswer(done, true) } }));
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(FULL_TEXT_POLL.everyMs * 2));
    expect(relay.pendingFields()).toEqual([]);
  });

  it('stops waiting after thirty seconds and offers to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const relay = openReader(pending, true);
    expect(await screen.findByText('Loading the full article…')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(FULL_TEXT_POLL.forMs));
    expect(screen.getByText(/^Could not load the full article: Reading its page is taking too long/)).toBeTruthy();
    expect(relay.pendingFields().every((field) => field === 'article')).toBe(true);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks by itself when the feed’s articles always show in full and this one was never read', async () => {
    const relay = openReader(null, true);
    expect(await screen.findByText('Loading the full article…')).toBeTruthy();
    await answerLoad(relay, done);
    expect(screen.getByText(FULL_TEXT)).toBeTruthy();
  });
});
