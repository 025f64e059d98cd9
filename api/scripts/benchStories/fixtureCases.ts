// Cases built on the publishers' feeds in api/src/ingest/testdata (read through the real parse and normalise
// stages): each fixture's article, and the forms in which other feeds carry the same article or a different one.
import { readFileSync } from 'node:fs';
import { normaliseFeed } from '../../src/ingest/normalise.ts';
import { parseFeed } from '../../src/ingest/parse.ts';
import { plainText } from '../../src/ingest/sanitise.ts';
import { apart, article, copy, hoursAfter, same, type LabelledCandidate, type LabelledPair } from './pairKit.ts';

const TESTDATA = new URL('../../src/ingest/testdata/', import.meta.url);

function fixture(name: string, feedId: string): LabelledCandidate {
  const feed = normaliseFeed(parseFeed(readFileSync(new URL(name, TESTDATA)), null), {
    fetchUrl: 'https://fetched.example/feed',
    now: new Date('2026-05-12T00:00:00Z'),
  });
  const first = feed.articles[0];
  if (!first) throw new Error(`${name} has no article`);
  return {
    feedId,
    url: first.url,
    guid: first.guid,
    guidIsPermaLink: first.guidIsPermaLink,
    originalUrl: first.originalUrl,
    title: first.title,
    text: plainText(first.content),
    publishedAt: first.publishedAt.toISOString(),
  };
}

export function fixtureCases(): LabelledPair[] {
  const gazette = fixture('publisher-news-http.xml', 'valley-gazette');
  const garden = fixture('publisher-wordpress.xml', 'garden-notes');
  const medium = fixture('publisher-medium.xml', 'medium-theo-park');
  const substack = fixture('publisher-substack.xml', 'slow-letters');
  const comic = fixture('publisher-comic.xml', 'stick-figures');
  const toot = fixture('publisher-mastodon.xml', 'mastodon-lena');
  const podcast = fixture('publisher-podcast-audio.xml', 'quiet-hour');
  const video = fixture('publisher-podcast-video.xml', 'hands-on-video');
  const youtube = fixture('publisher-youtube.xml', 'youtube-workshop-hours');

  return [
    same(
      'address-tracking',
      'address',
      gazette,
      copy(gazette, 'hn-frontpage', {
        url: 'https://valleygazette.example/news/bridge-reopens?utm_source=hackernews&utm_medium=link',
        title: 'Bridge reopens after repairs (valleygazette.example)',
        text: '',
        publishedAt: hoursAfter(gazette.publishedAt, 3),
      }),
      'An aggregator links the article over https, without www., with its utm_* tags: the same page.',
    ),
    same(
      'address-amp-cache',
      'address',
      gazette,
      copy(gazette, 'google-news-local', {
        url: 'https://www-valleygazette-example.cdn.ampproject.org/c/s/www.valleygazette.example/news/bridge-reopens/amp/',
        title: 'Bridge reopens after repairs - Valley Gazette',
        text: 'The old stone bridge reopened on Monday after eight months of repairs.',
        publishedAt: hoursAfter(gazette.publishedAt, 1),
      }),
      "A news aggregator links the Google AMP cache's copy of the AMP rendition.",
    ),
    apart(
      'follow-up',
      gazette,
      article('valley-herald', hoursAfter(gazette.publishedAt, 30), {
        url: 'https://valleyherald.example/local/2026/05/12/bridge-reopens-update',
        guid: 'https://valleyherald.example/?p=88213',
        title: 'Bridge reopens after repairs: update',
        text:
          'Traffic on the old stone bridge was halted again for two hours on Tuesday morning after a lorry clipped the new railing, a day after the crossing reopened. ' +
          'Council engineers inspected the parapet and said the damage was cosmetic. The weight limit of 7.5 tonnes remains in force, and police will enforce it with cameras from next week, ' +
          'the council said in a statement. Residents who had waited eight months for the reopening said they feared further closures during the summer.',
      }),
      'A later story about the same bridge, with a new body: the follow-up, not a copy.',
    ),
    apart(
      'same-event-independent',
      gazette,
      article('valley-herald', hoursAfter(gazette.publishedAt, 2), {
        url: 'https://valleyherald.example/local/2026/05/11/stone-bridge-open-again',
        guid: 'https://valleyherald.example/?p=88190',
        title: 'Stone bridge open again after eight months',
        text: 'Drivers crossed the old stone bridge for the first time since September on Monday, after repairs that ran two months over schedule.',
      }),
      "Another paper's own report of the same reopening: two articles, and too little text to judge anyway.",
    ),
    same(
      'address-feedburner',
      'address',
      garden,
      copy(garden, 'garden-notes-feedburner', {
        url: 'http://feedproxy.google.com/~r/GardenNotes/~3/Xy1AbC2dEf3/',
        originalUrl:
          'https://gardennotes.example.com/2026/05/tomatoes/?utm_source=feedburner&utm_medium=feed&utm_campaign=Feed%3A+GardenNotes',
        guid: 'https://gardennotes.example.com/?p=101',
        guidIsPermaLink: false,
      }),
      "The blog's FeedBurner feed links a click-through redirect; its feedburner:origLink is the post.",
    ),
    same(
      'address-feedburner-without-origlink',
      'address',
      garden,
      copy(garden, 'garden-notes-feedburner-old', {
        url: 'http://feedproxy.google.com/~r/GardenNotes/~3/Xy1AbC2dEf3/',
        guid: 'https://gardennotes.example.com/?p=101',
        guidIsPermaLink: false,
        text: 'Tomatoes want warmth, so wait for the last frost.',
      }),
      'The same post through FeedBurner without origLink: the redirect hides the address, the guid is declared not a permalink, and one sentence is too little text. Undecidable from the data: counted as a miss.',
    ),
    apart(
      'address-different-query',
      article('garden-notes-category-vegetables', '2026-05-04T08:00:00Z', {
        url: 'https://gardennotes.example.com/?p=101',
        guid: 'https://gardennotes.example.com/?p=101',
        guidIsPermaLink: false,
        title: 'Planting tomatoes in May',
        text: garden.text,
      }),
      article('garden-notes-category-flowers', '2026-05-04T10:00:00Z', {
        url: 'https://gardennotes.example.com/?p=102',
        guid: 'https://gardennotes.example.com/?p=102',
        guidIsPermaLink: false,
        title: 'Sowing sweet peas',
        text: 'Sweet peas like a cool root run, so sow them deep. The post Sowing sweet peas appeared first on Garden Notes.',
      }),
      'Two posts of one WordPress blog in two category feeds, linked by their ?p= ids: the query names the post, and it differs.',
    ),
    apart(
      'address-different-site',
      article('garden-notes-mirror', '2026-05-04T09:00:00Z', {
        url: 'https://gardennotes.example.com/2026/05/tomatoes/',
        title: 'Planting tomatoes in May',
        text: 'Tomatoes want warmth, so wait for the last frost.',
      }),
      article('allotment-diary', '2026-05-04T19:00:00Z', {
        url: 'https://allotment-diary.example.org/2026/05/tomatoes/',
        title: 'Planting tomatoes in May',
        text: 'I put the first tomatoes out today, which is probably too early, but the forecast looks kind.',
      }),
      'Two blogs with the same title and the same path on different hosts: two posts.',
    ),
    apart(
      'address-medium-publication',
      medium,
      article('medium-better-feeds', hoursAfter(medium.publishedAt, 26), {
        url: 'https://medium.com/better-feeds/what-i-learned-maintaining-a-feed-parser-9f8e7d6c5b4a?source=rss----5e1f2a3b4c5d---4',
        guid: 'https://medium.com/p/9f8e7d6c5b4a',
        title: 'What I learned maintaining a feed parser',
        text: 'Photo by someone on Unsplash. Parsers are stricter than the feeds they read. What I learned maintaining a feed parser was originally published in Better Feeds on Medium.',
      }),
      'Two Medium posts on the same subject a day apart: different guids and paths, boilerplate-heavy short texts.',
    ),
    same(
      'address-medium-source',
      'address',
      medium,
      copy(medium, 'medium-tag-rss', {
        url: 'https://medium.com/@theopark/what-i-learned-1a2b3c4d5e6f?source=rss------rss-5',
        guid: 'https://medium.com/p/1a2b3c4d5e6f',
        publishedAt: medium.publishedAt,
      }),
      "Medium's tag feed and the author's feed link the post with different ?source=rss… tags.",
    ),
    same(
      'text-syndicated',
      'text',
      substack,
      copy(substack, 'slow-letters-site', {
        url: 'https://slowletters.example.com/p/on-footnotes',
        guid: 'https://slowletters.example.com/p/on-footnotes',
        guidIsPermaLink: false,
        publishedAt: hoursAfter(substack.publishedAt, 0.1),
      }),
      'A Substack letter read through its substack.com feed and its custom-domain feed: two addresses, one text.',
    ),
    same(
      'address-form',
      'address',
      comic,
      copy(comic, 'comics-digest', {
        url: 'http://comic.example.com/812',
        title: 'Stick Figures Weekly: Cache Invalidation',
        text: '',
        publishedAt: hoursAfter(comic.publishedAt, 5),
      }),
      'A digest of webcomics links the strip over http without the trailing slash.',
    ),
    apart(
      'address-different-path',
      comic,
      copy(comic, 'comics-digest', {
        url: 'https://comic.example.com/813/',
        guid: 'https://comic.example.com/813/',
        guidIsPermaLink: true,
        title: 'Naming Things',
        text: 'Naming things is the other hard problem, and the title text is the third.',
        publishedAt: hoursAfter(comic.publishedAt, 72),
      }),
      'The next strip: a different number in the path.',
    ),
    same(
      'address-form',
      'address',
      toot,
      copy(toot, 'mastodon-tag-photography', {
        url: 'https://social.example/@lena/112233445566778899',
        guid: 'https://social.example/@lena/112233445566778899',
        guidIsPermaLink: true,
      }),
      'A hashtag feed carries the post with its own address.',
    ),
    apart(
      'short-text',
      toot,
      article('mastodon-mika', hoursAfter(toot.publishedAt, 4), {
        url: 'https://social.example/@mika/112233999900001111',
        guid: 'https://social.example/@mika/112233999900001111',
        guidIsPermaLink: true,
        title: "Two views from this morning's walk #photography",
        text: "Two views from this morning's walk #photography",
      }),
      "Another person's post with the same seven words: too little text to call it a copy.",
    ),
    same(
      'address-form',
      'address',
      podcast,
      copy(podcast, 'podcast-network-slowtech', {
        url: 'https://quiethour.example.fm/42/',
        guid: 'slowtech-network-quiethour-42',
        publishedAt: hoursAfter(podcast.publishedAt, 2),
      }),
      'A network feed carries the episode with a trailing slash and its own guid.',
    ),
    apart(
      'guid-feed-local',
      podcast,
      article('another-podcast', hoursAfter(podcast.publishedAt, 20), {
        url: 'https://gardenpod.example.fm/episodes/seed-swaps',
        guid: 'quiethour-42',
        guidIsPermaLink: false,
        title: 'Episode 42: Seed swaps',
        text: 'We visit a seed swap and ask why people give away their best tomatoes.',
      }),
      'A guid that only its feed gives meaning to, the same string in a second podcast: two episodes.',
    ),
    same(
      'guid-permalink',
      'guid',
      video,
      copy(video, 'maker-videos-digest', {
        url: 'https://click.digest.example/r/4f7a9c2e?u=handson',
        guid: 'https://handson.example.tv/episodes/7',
        guidIsPermaLink: true,
        publishedAt: hoursAfter(video.publishedAt, 6),
      }),
      "A digest links through its click-tracking redirect but keeps the episode's permalink as guid.",
    ),
    same(
      'address-form',
      'address',
      youtube,
      copy(youtube, 'youtube-playlist-joinery', {
        url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
        guid: 'yt:video:M7lc1UVf-VE',
        publishedAt: hoursAfter(youtube.publishedAt, 0),
      }),
      "A playlist's feed and the channel's feed carry the video.",
    ),
    apart(
      'address-different-query',
      youtube,
      copy(youtube, 'youtube-playlist-joinery', {
        url: 'https://www.youtube.com/watch?v=Q3xk2LmP9aE',
        guid: 'yt:video:Q3xk2LmP9aE',
        title: 'Building a dovetail joint by hand, part 2',
        text: 'Today we fit the through dovetail and clean it up with a block plane.',
        publishedAt: hoursAfter(youtube.publishedAt, 48),
      }),
      'The next video of the channel: a different v= parameter.',
    ),
  ];
}
