import { builder } from '../builder.ts';
import { nodeIdFilter } from '../nodeFilters.ts';

export const FeedNode = builder.prismaNode('Feed', {
  description: 'A feed, stored once per URL for all its subscribers.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context) }),
  nullable: true,
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where the feed is fetched from (updated on permanent redirects).' }),
    title: t.exposeString('title', { description: "The feed's own title, as plain text." }),
    description: t.exposeString('description'),
    siteUrl: t.exposeString('siteUrl', { nullable: true, description: 'The website the feed belongs to.' }),
    fetchError: t.exposeString('fetchError', { nullable: true, description: 'Why the last fetch failed; null when it worked.' }),
    lastFetchedAt: t.expose('lastFetchedAt', { type: 'DateTime', nullable: true }),
  }),
});
