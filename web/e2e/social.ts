/** Helpers of the social journeys (comments, shares, users and socialJourney specs): shares, comments and follows made over the API. */
import type { APIRequestContext, Page } from '@playwright/test';
import { graphql } from './users.ts';

/** The signed-in user's global id. */
export async function apiViewerId(request: APIRequestContext, token: string): Promise<string> {
  const { viewer } = await graphql<{ viewer: { id: string } }>(request, 'query { viewer { id } }', {}, token);
  return viewer.id;
}

/** The user's articles of every feed, newest first, by title. */
export async function apiArticleIds(request: APIRequestContext, token: string): Promise<Map<string, string>> {
  const { articles } = await graphql<{ articles: { edges: { node: { id: string; title: string } }[] } }>(
    request,
    'query { articles(filter: ALL, first: 50) { edges { node { id title } } } }',
    {},
    token,
  );
  return new Map(articles.edges.map(({ node }) => [node.title, node.id]));
}

/** Shares an article over the API and returns the share's id. */
export async function apiShare(
  request: APIRequestContext,
  token: string,
  input: { articleId: string; note?: string; isPublic?: boolean },
): Promise<string> {
  const { shareArticle } = await graphql<{ shareArticle: { id?: string; message?: string } }>(
    request,
    'mutation ($input: ShareArticleInput!) { shareArticle(input: $input) { ... on Share { id } ... on Error { message } } }',
    { input },
    token,
  );
  if (!shareArticle.id) throw new Error(`shareArticle failed: ${shareArticle.message}`);
  return shareArticle.id;
}

/** Comments on an article over the API. */
export async function apiComment(request: APIRequestContext, token: string, articleId: string, content: string): Promise<void> {
  const { createComment } = await graphql<{ createComment: { commentEdge?: { node: { id: string } }; message?: string } }>(
    request,
    'mutation ($input: CreateCommentInput!) { createComment(input: $input) { ... on CreateCommentPayload { commentEdge { node { id } } } ... on Error { message } } }',
    { input: { articleId, content } },
    token,
  );
  if (!createComment.commentEdge) throw new Error(`createComment failed: ${createComment.message}`);
}

/** Whether the token's user follows this user, as the API has it. */
export async function apiFollows(request: APIRequestContext, token: string, userId: string): Promise<boolean> {
  const { user } = await graphql<{ user: { viewerFollows: boolean } }>(
    request,
    'query ($id: ID!) { user(id: $id) { viewerFollows } }',
    { id: userId },
    token,
  );
  return user.viewerFollows;
}

/** The shares of a list (the Shared list, a profile), in order. */
export const shareItems = (page: Page) => page.getByRole('list', { name: 'Shared articles' }).getByRole('article', { name: / shared / });

/** The share of this article by this person. */
export const shareItem = (page: Page, sharer: string, title: string) =>
  page.getByRole('article', { name: `${sharer} shared ${title}`, exact: true });

/** Follows a user over the API. */
export async function apiFollow(request: APIRequestContext, token: string, userId: string): Promise<void> {
  const { follow } = await graphql<{ follow: { id?: string; message?: string } }>(
    request,
    'mutation ($userId: ID!) { follow(userId: $userId) { ... on User { id } ... on Error { message } } }',
    { userId },
    token,
  );
  if (!follow.id) throw new Error(`follow failed: ${follow.message}`);
}
