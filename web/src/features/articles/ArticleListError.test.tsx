import { cleanup, configure, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { ArticleListError } from './ArticleListError';

/** A failed list load as Relay raises it, with the server's errors on `source`. */
const failure = (...errors: { message: string; extensions?: Record<string, unknown> }[]) =>
  Object.assign(new Error('No data returned for operation `loadArticlesQuery`'), { source: { errors } });

function showError(error: unknown) {
  renderWithRouter(<ArticleListError error={error} reset={() => {}} />, { environment: createMockEnvironment().environment });
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the article list of a feed or folder that the address does not name', () => {
  it('says "Feed not found" for a feed id the server refuses as malformed, as for a feed of none', async () => {
    showError(
      failure({
        message: 'The argument "feedId" of Query.articles is not a global id: "oops"',
        extensions: { code: 'BAD_USER_INPUT', argument: 'feedId' },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load articles' })).toBeTruthy();
    expect(screen.getByText('Feed not found')).toBeTruthy();
    cleanup();
    showError(failure({ message: 'Feed not found', extensions: { code: 'NotFoundError', status: 404 } }));
    expect(await screen.findByText('Feed not found')).toBeTruthy();
  });

  it('says "Folder not found" for a folder id the server refuses', async () => {
    showError(
      failure({
        message: 'The argument "folderId" of Query.articles takes the id of Folder, not of Feed',
        extensions: { code: 'BAD_USER_INPUT', argument: 'folderId' },
      }),
    );
    expect(await screen.findByText('Folder not found')).toBeTruthy();
  });

  it("keeps the server's reason for any other failure", async () => {
    showError(failure({ message: 'Invalid cursor', extensions: { code: 'InvalidInputError', status: 400 } }));
    expect(await screen.findByText('Invalid cursor')).toBeTruthy();
  });
});
