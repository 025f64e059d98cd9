import { listPopularFeeds, listStarterPacks, POPULAR_FEEDS_LIMIT, type PopularFeed } from '../../domain/discover/lists.ts';
import { STARTER_PACK_ICONS, type StarterPack } from '../../starterPacks/starterPacks.ts';
import { builder } from '../builder.ts';

const PopularFeedRef = builder.objectRef<PopularFeed>('PopularFeed').implement({
  description: 'A feed of this instance, with how many users follow it.',
  fields: (t) => ({
    feedId: t.exposeID('id', { description: "The feed's database id." }),
    url: t.exposeString('url', {
      description: 'Its address; a feed whose address holds a query, fragment or user-info (maybe a subscriber’s secret) is not listed.',
    }),
    title: t.exposeString('title', { description: 'The feed’s title, as plain text; empty when it has none.' }),
    description: t.exposeString('description', { description: 'The feed’s description, as plain text; empty when it has none.' }),
    subscriberCount: t.exposeInt('subscriberCount', { description: 'Accounts of this instance that follow it.' }),
  }),
});

const StarterPackFeedRef = builder.objectRef<StarterPack['feeds'][number]>('StarterPackFeed').implement({
  description: 'A feed of a starter pack, as the pack describes it.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The feed’s address, for subscribeToFeed or bulkSubscribe.' }),
    title: t.exposeString('title', { description: 'Its title, as the pack gives it.' }),
    description: t.exposeString('description', { description: 'What it is about, as the pack gives it; empty when it gives none.' }),
  }),
});

const StarterPackRef = builder.objectRef<StarterPack>('StarterPack').implement({
  description: 'A themed set of feeds to subscribe to at once: curated ones and the administrator’s (STARTER_PACKS_FILE).',
  fields: (t) => ({
    packId: t.exposeString('id', { description: 'A stable slug, e.g. "science".' }),
    name: t.exposeString('name', { description: 'The pack’s name, e.g. "Science".' }),
    description: t.exposeString('description', { description: 'What the pack is about, in a sentence.' }),
    icon: t.exposeString('icon', { description: `The name of its icon: ${STARTER_PACK_ICONS.join(', ')}.` }),
    feeds: t.field({ type: [StarterPackFeedRef], description: 'Its feeds, in the pack’s order.', resolve: (pack) => pack.feeds }),
  }),
});

builder.queryField('popularFeeds', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [PopularFeedRef],
    description: `Feeds with subscribers that the viewer does not follow, most followed first (at most ${POPULAR_FEEDS_LIMIT}).`,
    resolve: (_root, _args, context) => listPopularFeeds(context.services, context.viewer),
  }),
);

builder.queryField('starterPacks', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [StarterPackRef],
    description: 'The Discover screen’s starter packs: the curated ones and the instance’s own (STARTER_PACKS_FILE), in order.',
    resolve: (_root, _args, context) => listStarterPacks(context.services, context.viewer),
  }),
);
