import type { RequestContext } from '../../context.ts';
import { feedAddressFor, subscribedFeedIds } from '../../domain/access/feedAddress.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { builder } from '../builder.ts';
import { nodeIdFilter } from '../nodeFilters.ts';

// Whether the viewer subscribes to a feed, batched per request: one statement for every Feed of an answer.
function viewerSubscribes(context: RequestContext, feedId: string): Promise<boolean> {
  const loader = batchedPerRequest<boolean>(context, 'Feed.viewerSubscribes', async (ids) => {
    const subscribed = await subscribedFeedIds(context.services, context.viewer, ids);
    return ids.map((id) => subscribed.has(id));
  });
  return loader.load(feedId);
}

export const FeedNode = builder.prismaNode('Feed', {
  description: 'A feed, stored once per URL for all its subscribers.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context) }),
  nullable: true,
  fields: (t) => ({
    url: t.string({
      description:
        'Where the feed is fetched from (updated on permanent redirects): whole for its subscribers, without its query and user-info for anyone else.',
      // A feed reached through an article view knows already (no statement); one loaded by Prisma asks, batched.
      resolve: async (feed, _args, context) => {
        const known = (feed as { viewerSubscribes?: boolean }).viewerSubscribes;
        return feedAddressFor(feed, known ?? (await viewerSubscribes(context, feed.id)));
      },
    }),
    title: t.exposeString('title', { description: "The feed's own title, as plain text." }),
    description: t.exposeString('description', { description: "The feed's own description, as plain text; empty when it has none." }),
    siteUrl: t.string({
      nullable: true,
      description: 'The website the feed belongs to: whole for its subscribers, without its query and user-info for anyone else.',
      // The feed names its site, but a relative link is read against the feed's own address, user-info and all.
      resolve: async (feed, _args, context) => {
        if (feed.siteUrl === null) return null;
        const known = (feed as { viewerSubscribes?: boolean }).viewerSubscribes;
        return feedAddressFor({ url: feed.siteUrl }, known ?? (await viewerSubscribes(context, feed.id))) || null;
      },
    }),
    fetchError: t.exposeString('fetchError', { nullable: true, description: 'Why the last fetch failed; null when it worked.' }),
    lastFetchedAt: t.expose('lastFetchedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The last fetch, whether it worked or not.',
    }),
    lastSuccessAt: t.expose('lastSuccessAt', { type: 'DateTime', nullable: true, description: 'The last fetch that worked.' }),
    retryAfterUntil: t.expose('retryAfterUntil', {
      type: 'DateTime',
      nullable: true,
      description: 'The feed’s server asked (429 or 503 with Retry-After) not to be fetched before this; nothing fetches it sooner.',
    }),
  }),
});
