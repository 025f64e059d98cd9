// Cases decided by the address: the forms in which aggregators, newsletters, social feeds and AMP viewers link an
// article, and addresses that look alike but name different articles.
import { apart, article, copy, same, type LabelledCandidate, type LabelledPair } from './pairKit.ts';

const SWIFTS_TEXT =
  'Common swifts can stay aloft for ten months without landing, and new tracking data show they sleep in short bursts while gliding at dusk, ' +
  'climbing to about 3,000 metres before drifting down. Researchers fitted 19 birds with data loggers weighing less than a gram.';

export function addressCases(): LabelledPair[] {
  const nyt = article('nytimes-science', '2026-05-04T09:00:00Z', {
    url: 'https://www.nytimes.example/2026/05/04/science/swifts-sleep-flight.html',
    guid: 'https://www.nytimes.example/2026/05/04/science/swifts-sleep-flight.html',
    guidIsPermaLink: true,
    title: 'Swifts Sleep on the Wing, and Now We Know How',
    text: SWIFTS_TEXT,
  });
  const guardian = article('guardian-world', '2026-05-05T06:30:00Z', {
    url: 'https://www.theguardian.example/world/2026/may/05/harbour-strike-ends-after-six-weeks',
    guid: 'https://www.theguardian.example/world/2026/may/05/harbour-strike-ends-after-six-weeks',
    guidIsPermaLink: true,
    title: 'Harbour strike ends after six weeks as dockers accept pay deal',
    text: 'Dockers at the country’s three largest ports voted on Monday night to accept a 7% pay rise over two years, ending a six-week strike that had left hundreds of container ships waiting offshore.',
  });
  const bbc = article('bbc-news-world', '2026-05-06T11:10:00Z', {
    url: 'https://www.bbc.example/news/world-europe-68901234?at_medium=RSS&at_campaign=KARANGA',
    guid: 'https://www.bbc.example/news/world-europe-68901234#0',
    guidIsPermaLink: true,
    title: 'Alpine village evacuated as glacier threatens to collapse',
    text: 'About 300 residents of a Swiss mountain village have been told to leave their homes after geologists warned that part of a glacier above it could break away within days.',
  });
  const wapo = article('washington-post-tech', '2026-05-06T13:00:00Z', {
    url: 'https://www.washingtonpost.example/technology/2026/05/06/chip-export-rules-china/',
    guid: 'https://www.washingtonpost.example/technology/2026/05/06/chip-export-rules-china/',
    guidIsPermaLink: true,
    title: 'U.S. widens chip export limits to cover older factory tools',
    text: 'The Commerce Department on Wednesday extended its restrictions on semiconductor equipment sales to China to cover machines used to make older chips.',
  });
  const blog = article('lucid-notes', '2026-05-03T18:20:00Z', {
    url: 'https://lucid.example/posts/typing-protocols/',
    guid: 'https://lucid.example/posts/typing-protocols/',
    guidIsPermaLink: true,
    title: 'Structural typing with protocols',
    text: 'Protocols let a function accept anything that has the right methods, without an inheritance tree. Here is how I moved a plugin system over to them.',
  });
  const localNews = article('riverside-courier', '2026-05-07T15:45:00Z', {
    url: 'https://www.riversidecourier.example/news/local/council-approves-cycle-lane-plan/article_5f2c1e7a.html',
    guid: 'article_5f2c1e7a',
    guidIsPermaLink: false,
    title: 'Council approves cycle lane plan for Mill Road',
    text: 'Councillors voted 9–4 on Thursday night to build a protected cycle lane along Mill Road, removing 60 parking spaces.',
  });
  const cnn = article('cnn-world', '2026-05-08T07:00:00Z', {
    url: 'https://edition.cnn.example/2026/05/08/world/volcano-iceland-eruption-intl/index.html',
    guid: 'https://edition.cnn.example/2026/05/08/world/volcano-iceland-eruption-intl/index.html',
    guidIsPermaLink: true,
    title: 'Volcano erupts again on Iceland’s Reykjanes peninsula',
    text: 'A volcano on Iceland’s Reykjanes peninsula erupted for the ninth time in two years on Friday, sending lava toward a road that had just been rebuilt.',
  });

  return [
    same(
      'address-tracking',
      'address',
      nyt,
      copy(nyt, 'morning-newsletter', {
        url: 'https://www.nytimes.example/2026/05/04/science/swifts-sleep-flight.html?smid=nytcore-ios-share&referringSource=articleShare',
        title: 'Swifts sleep on the wing',
        text: 'Birds that nap in flight: a lovely piece on how swifts sleep while gliding.',
      }),
      "A shared link with the Times' smid and referringSource tags.",
    ),
    same(
      'address-tracking',
      'address',
      nyt,
      copy(nyt, 'science-roundup-newsletter', {
        url: 'https://nytimes.example/2026/05/04/science/swifts-sleep-flight.html?utm_source=sciencenews&utm_medium=email&mc_cid=4f1e2a9b&mc_eid=9b8c7d6e5f',
        title: 'Swifts sleep on the wing, and now we know how',
        text: 'This week: how swifts sleep while flying, a new map of the ocean floor, and the beetle that walks upside down.',
      }),
      'A Mailchimp newsletter feed links the article with utm_* and mc_* tags and without www.',
    ),
    same(
      'address-tracking',
      'address',
      guardian,
      copy(guardian, 'reddit-worldnews', {
        url: 'https://www.theguardian.example/world/2026/may/05/harbour-strike-ends-after-six-weeks?CMP=share_btn_url',
        title: 'Harbour strike ends after six weeks as dockers accept pay deal',
        text: 'submitted by /u/portwatcher to r/worldnews [link] [comments]',
      }),
      "A link aggregator's feed carries the Guardian's share link (CMP=share_btn_url).",
    ),
    same(
      'address-amp',
      'address',
      guardian,
      copy(guardian, 'google-news-world', {
        url: 'https://amp.theguardian.example/world/2026/may/05/harbour-strike-ends-after-six-weeks',
        title: 'Harbour strike ends after six weeks as dockers accept pay deal - The Guardian',
        text: 'Harbour strike ends after six weeks as dockers accept pay deal  The Guardian',
      }),
      "An aggregator links the Guardian's amp. host.",
    ),
    same(
      'address-amp',
      'address',
      bbc,
      copy(bbc, 'news-reader-digest', {
        url: 'https://www.bbc.example/news/world-europe-68901234.amp',
        guid: 'https://www.bbc.example/news/world-europe-68901234.amp',
        guidIsPermaLink: true,
        title: 'Alpine village evacuated as glacier threatens to collapse',
      }),
      "The BBC's .amp rendition against its RSS link with at_* tags.",
    ),
    same(
      'address-amp',
      'address',
      wapo,
      copy(wapo, 'tech-policy-links', {
        url: 'https://www.washingtonpost.example/technology/2026/05/06/chip-export-rules-china/?outputType=amp',
        title: 'WaPo: U.S. widens chip export limits',
        text: 'The rule now reaches older tools; expect the Dutch and Japanese to be asked to follow.',
      }),
      'A link blog copied the outputType=amp address from a phone.',
    ),
    same(
      'address-amp-viewer',
      'address',
      wapo,
      copy(wapo, 'policy-newsletter', {
        url: 'https://www.google.com/amp/s/www.washingtonpost.example/technology/2026/05/06/chip-export-rules-china/%3foutputType%3damp',
        title: 'Chip export limits widened',
        text: '',
      }),
      "Google's AMP viewer wraps the article's address (its ?outputType=amp escaped into the path, as Google writes it).",
    ),
    same(
      'address-amp-cache',
      'address',
      cnn,
      copy(cnn, 'world-headlines', {
        url: 'https://edition-cnn-example.cdn.ampproject.org/c/s/edition.cnn.example/2026/05/08/world/volcano-iceland-eruption-intl/index.html?amp_js_v=a9&amp_gsa=1&usqp=mq331AQIUAKwASCAAgM%3D',
        title: 'Volcano erupts again on Iceland’s Reykjanes peninsula - CNN',
        text: '',
      }),
      "The Google AMP cache's address of the article, with the viewer's own parameters.",
    ),
    same(
      'address-form',
      'address',
      cnn,
      copy(cnn, 'volcano-watch-blog', {
        url: 'http://edition.cnn.example/2026/05/08/world/volcano-iceland-eruption-intl/',
        title: 'Reykjanes: ninth eruption (CNN)',
        text: 'CNN has a good summary of this morning’s eruption, with the lava flow map from the Met Office.',
      }),
      'The same page without its index.html, over http.',
    ),
    same(
      'address-form',
      'address',
      blog,
      copy(blog, 'planet-python', {
        url: 'http://www.lucid.example/posts/typing-protocols',
        title: 'Lucid Notes: Structural typing with protocols',
      }),
      'A planet links the post over http, with www. and without the trailing slash.',
    ),
    same(
      'address-tracking',
      'address',
      blog,
      copy(blog, 'python-weekly', {
        url: 'https://lucid.example/posts/typing-protocols/?ref=pythonweekly&utm_source=pythonweekly',
        title: 'Structural typing with protocols',
        text: 'Moving a plugin system from ABCs to protocols, with the pitfalls.',
      }),
      'A weekly newsletter tags the link with ref= and utm_source=.',
    ),
    same(
      'address-tracking',
      'address',
      blog,
      copy(blog, 'bluesky-bridge-lucid', {
        url: 'https://lucid.example/posts/typing-protocols/#fn:1',
        title: 'New post: Structural typing with protocols',
        text: 'New post: Structural typing with protocols https://lucid.example/posts/typing-protocols/#fn:1',
      }),
      'A social post links a footnote anchor of the post: the fragment is the same page.',
    ),
    same(
      'address-tracking',
      'address',
      localNews,
      copy(localNews, 'facebook-page-riverside', {
        url: 'https://www.riversidecourier.example/news/local/council-approves-cycle-lane-plan/article_5f2c1e7a.html?fbclid=IwAR2x9kQ_hT0pLr8v',
        guid: 'fb-post-10161234567890123',
        title: 'Council approves cycle lane plan for Mill Road',
        text: 'Mill Road is getting its protected cycle lane — read more below.',
      }),
      "A page's social feed links the article with fbclid.",
    ),
    same(
      'address-tracking',
      'address',
      localNews,
      copy(localNews, 'msn-local', {
        url: 'https://riversidecourier.example/news/local/council-approves-cycle-lane-plan/article_5f2c1e7a.html?ocid=BingNewsSerp&cmpid=rss',
        title: 'Council approves cycle lane plan for Mill Road',
      }),
      'A portal links the article with ocid= and cmpid=.',
    ),
    same(
      'address-tracking',
      'address',
      localNews,
      copy(localNews, 'x-bridge-courier', {
        url: 'https://www.riversidecourier.example/news/local/council-approves-cycle-lane-plan/article_5f2c1e7a.html?ref_src=twsrc%5Etfw%7Ctwcamp%5Etweetembed',
        title: 'Mill Road cycle lane approved',
        text: 'Mill Road cycle lane approved after a long night at the council.',
      }),
      "An embedded post's link keeps ref_src=.",
    ),
    same(
      'address-form',
      'address',
      article('forum-announcements', '2026-05-09T10:00:00Z', {
        url: 'https://forum.example.org/viewtopic.php?t=4512&f=3',
        guid: 'https://forum.example.org/viewtopic.php?t=4512&f=3',
        guidIsPermaLink: true,
        title: 'Server maintenance on Sunday',
        text: 'The forum will be read-only on Sunday from 06:00 to 09:00 UTC while we move it to a new server.',
      }),
      article('forum-all-topics', '2026-05-09T10:00:00Z', {
        url: 'https://forum.example.org/viewtopic.php?f=3&t=4512#p98211',
        title: 'Server maintenance on Sunday',
        text: 'The forum will be read-only on Sunday from 06:00 to 09:00 UTC while we move it to a new server.',
      }),
      'Two forum feeds write the parameters in a different order, one with a post anchor.',
    ),
    same(
      'address-form',
      'address',
      article('status-blog', '2026-05-09T21:00:00Z', {
        url: 'https://status.example.net:443/incidents/2026-05-09-api-latency',
        title: 'Elevated API latency',
        text: 'We saw elevated latency on the API between 19:40 and 20:25 UTC.',
      }),
      article('ops-aggregator', '2026-05-09T21:05:00Z', {
        url: 'https://status.example.net/incidents/2026-05-09-api-latency/',
        title: 'example.net: Elevated API latency',
      }),
      'An explicit default port against the bare address.',
    ),
    same(
      'address-tracking',
      'address',
      article('medium-publication-ux', '2026-05-05T14:00:00Z', {
        url: 'https://medium.com/ux-notes/the-case-for-boring-forms-2b4d6f8a0c1e?source=rss----8a7b6c5d4e3f---4',
        guid: 'https://medium.com/p/2b4d6f8a0c1e',
        title: 'The case for boring forms',
        text: 'Every form that tried to delight me has wasted my time. Here is an argument for forms that look like forms.',
      }),
      article('medium-tag-ux', '2026-05-05T14:00:00Z', {
        url: 'https://medium.com/ux-notes/the-case-for-boring-forms-2b4d6f8a0c1e?source=rss------ux-5',
        guid: 'https://medium.com/p/2b4d6f8a0c1e',
        title: 'The case for boring forms',
        text: 'Every form that tried to delight me has wasted my time. Here is an argument for forms that look like forms.',
      }),
      "A Medium publication's feed and a tag feed: the ?source=rss… tag is the only difference.",
    ),
    same(
      'address-amp',
      'address',
      article('garden-notes', '2026-05-10T08:00:00Z', {
        url: 'https://gardennotes.example.com/2026/05/sweet-peas/',
        guid: 'https://gardennotes.example.com/?p=102',
        title: 'Sowing sweet peas',
        text: 'Sweet peas like a cool root run, so sow them deep.',
      }),
      article('gardening-digest', '2026-05-10T13:00:00Z', {
        url: 'https://gardennotes.example.com/2026/05/sweet-peas/amp/',
        title: 'Garden Notes: Sowing sweet peas',
      }),
      "A digest copied the address of the WordPress AMP plugin's /amp/ rendition.",
    ),
    same(
      'address-amp',
      'address',
      article('hill-walking-blog', '2026-05-10T08:00:00Z', {
        url: 'https://hillwalks.example/routes/ben-lomond?amp=1',
        title: 'Ben Lomond by the Ptarmigan ridge',
        text: 'The quieter way up Ben Lomond, with better views and fewer people.',
      }),
      article('outdoors-planet', '2026-05-10T09:00:00Z', {
        url: 'https://www.hillwalks.example/routes/ben-lomond',
        title: 'Ben Lomond by the Ptarmigan ridge',
      }),
      'A blog whose feed links its ?amp=1 pages.',
    ),
    same(
      'address-mobile-host',
      'address',
      article('link-blog-a', '2026-05-06T07:00:00Z', {
        url: 'https://en.m.wikipedia.org/wiki/Common_swift',
        title: 'Common swift',
        text: 'Did you know swifts can stay aloft for ten months?',
      }),
      article('link-blog-b', '2026-05-06T08:00:00Z', {
        url: 'https://en.wikipedia.org/wiki/Common_swift#Behaviour',
        title: 'Wikipedia: Common swift',
        text: 'The behaviour section is a delight.',
      }),
      'Two link blogs link the same encyclopedia article, one from a phone (en.m.) and one to a section.',
    ),
    same(
      'address-mobile-host',
      'address',
      bbc,
      copy(bbc, 'europe-news-digest', {
        url: 'https://m.bbc.example/news/world-europe-68901234',
        title: 'Swiss village told to leave as glacier may collapse (BBC)',
        text: '',
      }),
      "A digest links the BBC's mobile host.",
    ),
    apart(
      'address-different-query',
      article('hn-newest', '2026-05-06T12:00:00Z', {
        url: 'https://news.ycombinator.example/item?id=40211873',
        title: 'Ask HN: What are you reading this month?',
      }),
      article('hn-best', '2026-05-06T12:30:00Z', {
        url: 'https://news.ycombinator.example/item?id=40211874',
        title: 'Ask HN: How do you keep up with papers?',
      }),
      'Two discussion pages whose id= parameters differ by one: two threads. The id is the article, not tracking.',
    ),
    apart(
      'address-different-query',
      article('cms-news-all', '2026-05-06T08:00:00Z', {
        url: 'https://www.townhall.example/article.php?id=5501&lang=en',
        title: 'Library hours extended in June',
        text: 'The central library will open until 21:00 on weekdays in June.',
      }),
      article('cms-news-culture', '2026-05-06T08:05:00Z', {
        url: 'https://www.townhall.example/article.php?id=5502&lang=en',
        title: 'Open-air cinema returns to the park',
        text: 'Films will be shown in the park on Friday evenings from 12 June.',
      }),
      'A CMS that names articles by a query parameter: different ids, different articles.',
    ),
    apart(
      'address-home-page',
      article('cityhall-press', '2026-05-07T09:00:00Z', {
        url: 'https://www.cityhall.example/',
        guid: 'press-2026-118',
        title: 'Road closures for the marathon',
        text: 'Several roads in the centre will be closed on Sunday morning for the city marathon.',
      }),
      article('cityhall-events', '2026-05-07T11:00:00Z', {
        url: 'https://cityhall.example/?utm_source=events',
        guid: 'event-2026-441',
        title: 'Summer concerts announced',
        text: 'The summer concert programme in the castle courtyard starts on 4 July.',
      }),
      "Two feeds that link every item to the site's front page: a home page is no article's address.",
    ),
    apart(
      'address-home-page',
      article('podcast-host-a', '2026-05-07T05:00:00Z', {
        url: 'https://podhost.example/',
        guid: 'https://podhost.example/',
        guidIsPermaLink: true,
        title: 'Episode 12: Bees',
        text: 'Our guest keeps bees on a city roof.',
      }),
      article('podcast-host-b', '2026-05-07T06:00:00Z', {
        url: 'https://www.podhost.example',
        guid: 'https://www.podhost.example',
        guidIsPermaLink: true,
        title: 'Trailer',
        text: 'A new show about rivers, starting next week.',
      }),
      "Two shows on one host whose link and permalink guid are the host's front page.",
    ),
    apart(
      'address-amp-lookalike',
      article('guitar-gear-reviews', '2026-05-05T16:00:00Z', {
        url: 'https://guitargear.example/reviews/valve-amp',
        title: 'Review: a valve amp for the flat',
        text: 'Five watts, a master volume and an attenuator: a valve amp you can play at night.',
      }),
      article('guitar-gear-all', '2026-05-05T17:00:00Z', {
        url: 'https://guitargear.example/reviews/valve',
        title: 'Review: the Valve pedal',
        text: 'The Valve pedal promises tube warmth from a nine-volt battery.',
      }),
      'A path ending in -amp is not an AMP rendition.',
    ),
    apart(
      'address-different-site',
      article('amp-dev-blog', '2026-05-05T16:00:00Z', {
        url: 'https://amp.dev/blog/2026/05/new-components',
        title: 'New components in May',
        text: 'Three components land this month.',
      }),
      article('dev-blog', '2026-05-05T16:30:00Z', {
        url: 'https://dev.example/blog/2026/05/new-components',
        title: 'New components in May',
        text: 'Our design system gets three new components.',
      }),
      'amp.dev is a site, not the AMP rendition of one.',
    ),
    apart(
      'address-different-path',
      nyt,
      copy(nyt, 'nytimes-climate', {
        url: 'https://www.nytimes.example/2026/05/04/climate/swifts-heat-nests.html',
        guid: 'https://www.nytimes.example/2026/05/04/climate/swifts-heat-nests.html',
        guidIsPermaLink: true,
        title: 'Heat Waves Are Cooking Swift Nests Under City Roofs',
        text: 'Swift chicks are dying in nests under roof tiles during heat waves, and conservationists are fitting shaded nest boxes.',
      }),
      'Another article about swifts the same day from the same paper: a different path.',
    ),
    apart(
      'address-degenerate',
      article('acme-news', '2026-05-06T09:00:00Z', {
        url: 'https://acme.example/blog',
        guid: 'acme-news-2291',
        title: 'We are hiring in Lisbon',
        text: 'We are opening an office in Lisbon and hiring eight engineers for the sync team.',
      }),
      article('acme-engineering', '2026-05-06T15:00:00Z', {
        url: 'https://www.acme.example/blog/',
        guid: 'eng-0412',
        title: 'How we cut our build times in half',
        text: 'Remote caching and a smaller test matrix took our median build from 22 to 11 minutes.',
      }),
      "Two feeds of one company that link every item to the blog's index page: the address names no article there.",
    ),
  ];
}

/** Recent items of the feeds in the degenerate address cases (every item links the blog's index). */
export function addressFeedItems(): Record<string, LabelledCandidate[]> {
  const items = (feedId: string, url: string, titles: string[]) =>
    titles.map((title, i) =>
      article(feedId, new Date(Date.UTC(2026, 4, 6 - i * 2, 9)).toISOString(), { url, guid: `${feedId}-${i}`, title }),
    );
  return {
    'acme-news': items('acme-news', 'https://acme.example/blog', [
      'We are hiring in Lisbon',
      'Acme at the spring trade fair',
      'New support hours',
    ]),
    'acme-engineering': items('acme-engineering', 'https://www.acme.example/blog/', [
      'How we cut our build times in half',
      'Postmortem: the 2 May outage',
      'Our on-call rota',
      'Moving to Postgres 17',
    ]),
  };
}
