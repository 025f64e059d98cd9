import { cleanup, configure, screen } from '@testing-library/react';
import type { GraphQLResponse, PayloadError } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { ArticleReaderById } from './ArticleReader';

/** An answer as the server sends it: its errors carry `extensions`, which Relay's types leave out. */
type ServerAnswer = { data: { article: null }; errors?: (PayloadError & { extensions: Record<string, unknown> })[] };

/** The server's answer to `article(id:)` with an id that is not an Article id (a mangled link). */
const REFUSED_ID: ServerAnswer = {
  data: { article: null },
  errors: [
    {
      message: 'The argument "id" of Query.article is not a global id or a REST id: "oops" (use an object\'s `id` as given)',
      path: ['article'],
      extensions: { code: 'BAD_USER_INPUT', argument: 'id' },
    },
  ],
};

function openReader(answer: ServerAnswer, id = 'oops') {
  const relay = createMockEnvironment({ readerQuery: () => answer as GraphQLResponse });
  renderWithRouter(<ArticleReaderById id={id} />, { environment: relay.environment, path: `/article/${id}` });
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the reader of an id that names no article', () => {
  it('says "Article not found" for an id the server refuses as malformed, with the way back to the list', async () => {
    openReader(REFUSED_ID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Articles' })).toBeTruthy();
    expect(screen.queryByText('Failed to load article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the same for a well-formed id of nothing', async () => {
    openReader({ data: { article: null } }, 'QXJ0aWNsZTox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
  });

  it('still says "Failed to load article", with Try again, when the article failed to load for another reason', async () => {
    openReader({
      data: { article: null },
      errors: [{ message: 'Unexpected error.', path: ['article'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load article' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('does not take a refusal of another argument for a mangled id', async () => {
    openReader({
      data: { article: null },
      errors: [{ message: 'first is refused', path: ['article'], extensions: { code: 'BAD_USER_INPUT', argument: 'commentsFirst' } }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load article' })).toBeTruthy();
  });
});
