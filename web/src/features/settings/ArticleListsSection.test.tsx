import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment, type MockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { notify } from '../../ui/toast';
import { articlesQuery, articlesQueryVariables } from '../articles/loadArticles';
import type { ArticleListsSectionTestQuery } from './__generated__/ArticleListsSectionTestQuery.graphql';
import { ArticleListsSection } from './ArticleListsSection';

const VIEWER_ID = 'VXNlcjox';

const sectionQuery = graphql`
  query ArticleListsSectionTestQuery {
    viewer {
      ...ArticleListsSection_viewer @alias
    }
  }
`;

function Section() {
  const { viewer } = useLazyLoadQuery<ArticleListsSectionTestQuery>(sectionQuery, {});
  return viewer?.ArticleListsSection_viewer ? <ArticleListsSection viewer={viewer.ArticleListsSection_viewer} /> : null;
}

/**
 * The section of a viewer whose lists group stories, with the article list of /articles already in the store, as
 * after a visit to the list before Settings.
 */
function showSection() {
  const relay = createMockEnvironment({
    ArticleListsSectionTestQuery: () => ({ data: { viewer: { id: VIEWER_ID, groupStories: true } } }),
  });
  const list = createOperationDescriptor(getRequest(articlesQuery), articlesQueryVariables({}));
  relay.environment.commitPayload(list, {
    folders: [],
    rootSubscriptions: [],
    viewer: { id: VIEWER_ID, articleDensity: 'cards' },
    articles: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, edges: [] },
    hiddenArticles: { totalCount: 0 },
  });
  relay.environment.retain(list);
  renderWithRouter(
    <Suspense fallback={null}>
      <Section />
    </Suspense>,
    { environment: relay.environment, path: '/settings' },
  );
  return { ...relay, listStatus: () => relay.environment.check(list).status };
}

const toggle = () => screen.findByRole('switch', { name: /^Group copies of the same story/ });

async function switchOff({ take }: MockEnvironment) {
  fireEvent.click(await toggle());
  return take('setStoryGrouping');
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the story grouping setting', () => {
  it('shows the account’s choice, with its hint', async () => {
    showSection();
    const grouping = await toggle();
    expect((grouping as HTMLInputElement).checked).toBe(true);
    expect(grouping.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(grouping.getAttribute('aria-describedby')!)?.textContent).toBe(
      'One card per story when several of your feeds carry it',
    );
  });

  it('switches at once, saves with setStoryGrouping, and has the article list asked for again once saved', async () => {
    const relay = showSection();
    expect(relay.listStatus()).toBe('available');
    const saving = await switchOff(relay);
    expect(saving.variables).toEqual({ groupStories: false });
    // Optimistic: switched before the server answers; the stored list still stands until the choice is kept.
    expect(((await toggle()) as HTMLInputElement).checked).toBe(false);
    expect(relay.listStatus()).toBe('available');
    await act(async () => saving.resolve({ data: { setStoryGrouping: { __typename: 'User', id: VIEWER_ID, groupStories: false } } }));
    expect(((await toggle()) as HTMLInputElement).checked).toBe(false);
    expect(relay.field(VIEWER_ID, 'groupStories')).toBe(false);
    expect(relay.listStatus()).toBe('stale');
  });

  it('puts the old choice back and says so when the server refuses it, leaving the list as it was', async () => {
    const failed = vi.spyOn(notify, 'error');
    const relay = showSection();
    const saving = await switchOff(relay);
    await act(async () =>
      saving.resolve({
        data: { setStoryGrouping: { __typename: 'RateLimitedError', __isError: 'RateLimitedError', message: 'Too many requests' } },
      }),
    );
    // The rollback and the toast follow the answer by a render, which a busy machine may not have drawn yet.
    await waitFor(async () => expect(((await toggle()) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Failed to save the story grouping', { description: 'Too many requests' }));
    expect(relay.listStatus()).toBe('available');
  });
});
