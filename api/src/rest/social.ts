import type { FastifyInstance } from 'fastify';
import { allPages } from '../domain/core/pages.ts';
import { BLOCK_PAGE_MAX, block, listBlocks, unblock } from '../domain/social/blocks.ts';
import { FOLLOW_PAGE_MAX, follow, listFollowers, listFollowing, unfollow } from '../domain/social/follows.ts';
import { MUTE_PAGE_MAX, listMutes, mute, unmute } from '../domain/social/mutes.ts';
import { publicSharesFeed } from '../domain/social/publicFeed.ts';
import { listShares, listUserShares, type SharePage } from '../domain/social/shareList.ts';
import { sharePage } from '../domain/social/sharePage.ts';
import { shareArticle, unshare } from '../domain/social/shares.ts';
import { getUser, listUsers, searchUsers, USER_PAGE_MAX } from '../domain/social/users.ts';
import { noContent, requireViewer } from './handler.ts';
import { publicUserJson, sharedPageArticleJson, shareJson, shareRefJson } from './serialize.ts';

type IdParams = { Params: { id: string } };
type PageQuery = { Querystring: { limit?: string; cursor?: string } };

/** Whether an If-None-Match header names `etag`: a list of tags, weak or strong (weak comparison, RFC 9110 §13.1.2), or '*'. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

const pageJson = (page: SharePage) => ({ shares: page.shares.map(shareJson), nextCursor: page.hasNextPage ? page.endCursor : null });

/** Shares, follows, mutes, blocks, user search, the users directory, one user's shares, and the RSS feed of public shares. */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  app.post('/social/share', async (request) => {
    const viewer = requireViewer(request);
    const share = await shareArticle(request.context.services, viewer, request.body);
    return { share: shareRefJson(share) };
  });

  app.post('/social/share-page', async (request, reply) => {
    const { share, article } = await sharePage(request.context.services, requireViewer(request), request.body);
    return reply.code(201).send({ share: shareRefJson(share), article: sharedPageArticleJson(article) });
  });

  app.get<PageQuery>('/social/shares', async (request) =>
    pageJson(
      await listShares(request.context.services, requireViewer(request), { first: request.query.limit, after: request.query.cursor }),
    ),
  );

  app.delete<IdParams>('/social/share/:id', async (request, reply) => {
    await unshare(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });

  app.post<IdParams>('/social/follow/:id', async (request) => ({
    user: publicUserJson(await follow(request.context.services, requireViewer(request), request.params.id)),
  }));

  app.delete<IdParams>('/social/follow/:id', async (request) => ({
    user: publicUserJson(await unfollow(request.context.services, requireViewer(request), request.params.id)),
  }));

  app.post<IdParams>('/social/mute/:id', async (request) => ({
    user: publicUserJson(await mute(request.context.services, requireViewer(request), request.params.id)),
    muted: true,
  }));

  app.delete<IdParams>('/social/mute/:id', async (request) => ({
    user: publicUserJson(await unmute(request.context.services, requireViewer(request), request.params.id)),
    muted: false,
  }));

  app.get('/social/mutes', async (request) => {
    const viewer = requireViewer(request);
    const users = await allPages((after) => listMutes(request.context.services, viewer, { first: MUTE_PAGE_MAX, after }));
    return { users: users.map(publicUserJson) };
  });

  app.post<IdParams>('/social/block/:id', async (request) => ({
    user: publicUserJson(await block(request.context.services, requireViewer(request), request.params.id)),
    blocked: true,
  }));

  app.delete<IdParams>('/social/block/:id', async (request) => ({
    user: publicUserJson(await unblock(request.context.services, requireViewer(request), request.params.id)),
    blocked: false,
  }));

  app.get('/social/blocks', async (request) => {
    const viewer = requireViewer(request);
    const users = await allPages((after) => listBlocks(request.context.services, viewer, { first: BLOCK_PAGE_MAX, after }));
    return { users: users.map(publicUserJson) };
  });

  // The spec answers these three with whole lists: every page of the domain's list, in its order.
  app.get('/social/following', async (request) => {
    const viewer = requireViewer(request);
    const users = await allPages((after) => listFollowing(request.context.services, viewer, { first: FOLLOW_PAGE_MAX, after }));
    return { users: users.map(publicUserJson) };
  });

  app.get('/social/followers', async (request) => {
    const viewer = requireViewer(request);
    const users = await allPages((after) => listFollowers(request.context.services, viewer, { first: FOLLOW_PAGE_MAX, after }));
    return { users: users.map(publicUserJson) };
  });

  app.get('/social/users/search', async (request) => ({
    users: (await searchUsers(request.context.services, requireViewer(request), request.query)).map(publicUserJson),
  }));

  app.get('/social/users', async (request) => {
    const viewer = requireViewer(request);
    const users = await allPages((after) => listUsers(request.context.services, viewer, { first: USER_PAGE_MAX, after }));
    return { users: users.map((user) => ({ ...publicUserJson(user), isFollowed: user.isFollowed, _count: user.counts })) };
  });

  app.get<IdParams & PageQuery>('/social/users/:id/shares', async (request) => {
    const viewer = requireViewer(request);
    const user = await getUser(request.context.services, request.params.id);
    const page = await listUserShares(request.context.services, viewer, user.id, {
      first: request.query.limit,
      after: request.query.cursor,
    });
    return { user: publicUserJson(user), ...pageJson(page) };
  });

  // The instance's public shares, or with ?user={id} one person's (a profile's and the Shared screen's link).
  app.get<{ Querystring: { user?: unknown } }>('/public/rss', async (request, reply) => {
    const { xml, etag } = await publicSharesFeed(request.context.services, request.query.user);
    reply.header('etag', etag).header('cache-control', 'public, max-age=300');
    if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/rss+xml; charset=utf-8').send(xml);
  });
}
