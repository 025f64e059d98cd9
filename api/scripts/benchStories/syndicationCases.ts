// Syndicated and cross-posted writing: the same text under other addresses (a republisher under Creative Commons,
// a cross-post to Medium or dev.to, a press office's two sites, a release announcement on a mailing list), and the
// copies no rule can find from what the feeds give.
import { allPairs, apart, article, copy, excerpt, hoursAfter, same, type LabelledCandidate, type LabelledPair } from './pairKit.ts';

const SOURDOUGH =
  'If you have kept a sourdough starter for a while, you may have opened the jar one morning and caught a sharp whiff of nail polish remover. ' +
  'Nothing has gone wrong. That smell is mostly ethyl acetate, and it is a sign that the yeasts and bacteria in your starter are hungry. ' +
  'A starter is a small ecosystem. Wild yeasts produce carbon dioxide and ethanol, while lactic acid bacteria produce lactic and acetic acids. ' +
  'When the flour runs out, stressed microbes switch to other pathways, and some of them combine ethanol and acetic acid into esters, which ' +
  'is where the solvent smell comes from. Feed the starter more often, or with a higher ratio of fresh flour, and the smell goes away within a day or two.';

const PROTOCOLS =
  'Our plugin system started life as a tree of abstract base classes. Every plugin had to inherit from BasePlugin, which inherited from ' +
  'Configurable, which pulled in half the application. Last month I moved it over to typing.Protocol, and the result is smaller, faster to ' +
  'import and easier to test. A protocol describes what an object can do rather than what it is. Any class with a load() method and a name ' +
  'attribute now counts as a plugin, whether or not it has ever heard of our code. The type checker still catches a plugin that forgets a ' +
  'method, but at the call site instead of at class definition time.';

const MEALS =
  'Free school meals will be extended to every pupil in primary school from September, the Ministry of Education announced today. The change ' +
  'will reach around 310,000 more children and will be funded from the national budget for the first three years. Schools will receive a ' +
  'per-pupil grant for kitchen equipment and staff, and local authorities will be asked to publish menus that meet the national nutrition ' +
  'standard. “No child should sit in a classroom hungry,” the minister said. Parents do not need to apply: pupils will be enrolled automatically.';

const RELEASE =
  'We are pleased to announce the release of Quill 2.0, the first major release in three years. Quill 2.0 adds a plugin API, a new ' +
  'incremental parser that makes re-rendering large documents up to five times faster, and support for reading EPUB 3 files. The ' +
  'configuration format has changed: run quill migrate-config to convert an existing file. Python 3.9 is no longer supported. ' +
  'Thanks to the 64 people who contributed code, documentation and bug reports to this release. Source tarballs and checksums are ' +
  'available from the download page, and packages for the major distributions should follow over the next few days.';

const ESSAY =
  'Every few years someone declares that RSS is dead, and every few years I count the feeds in my reader and find that there are more of ' +
  'them than before. What has died is the idea that feeds were going to be how most people read the web. What survived is quieter: a ' +
  'protocol that lets a person follow a writer without asking anyone’s permission, without an account, and without an algorithm deciding ' +
  'what they see. That is worth more than a growth curve, and it does not need one. My own reading list has 212 feeds in it, and most of ' +
  'them publish less than once a week.';

const TAGLINE =
  'Northwind Outdoor makes tents, packs and sleeping bags in Portland, Oregon, and repairs everything it has ever sold. Read the full story on our ' +
  'journal, where we write about gear, trips and the people who make them.';

export function syndicationCases(): LabelledPair[] {
  // The Conversation, republished under Creative Commons by two outlets with their own headlines.
  const conversation = article('the-conversation-science', '2026-05-05T12:10:00Z', {
    url: 'https://theconversation.example/why-your-sourdough-starter-smells-like-nail-polish-remover-231456',
    title: 'Why your sourdough starter smells like nail polish remover',
    text: SOURDOUGH,
  });
  const republishedA = copy(conversation, 'fast-company-food', {
    url: 'https://www.fastcompany.example/91123456/sourdough-starter-acetone-smell',
    title: 'What that acetone smell in your sourdough starter really means',
    text: `This article is republished from The Conversation under a Creative Commons license. ${SOURDOUGH}`,
    publishedAt: hoursAfter(conversation.publishedAt, 20),
  });
  const republishedB = copy(conversation, 'regional-times-lifestyle', {
    url: 'https://www.regionaltimes.example/lifestyle/food/sourdough-starter-smell-chemistry-1.9876543',
    title: 'Sourdough starter smells odd? Here’s the chemistry',
    text: SOURDOUGH.replace('Nothing has gone wrong.', 'Don’t panic: nothing has gone wrong.'),
    publishedAt: hoursAfter(conversation.publishedAt, 30),
  });
  const republishedLate = copy(conversation, 'weekend-magazine', {
    url: 'https://weekendmag.example/food/2026/05/14/sourdough-smell',
    title: 'Why your sourdough starter smells like nail polish remover',
    publishedAt: hoursAfter(conversation.publishedAt, 24 * 9),
  });

  // A blog post cross-posted to dev.to and Medium.
  const blog = article('lucid-notes', '2026-05-03T18:20:00Z', {
    url: 'https://lucid.example/posts/typing-protocols/',
    title: 'Structural typing with protocols',
    text: PROTOCOLS,
  });
  const devto = copy(blog, 'devto-python', {
    url: 'https://dev.example.to/lucid/structural-typing-with-protocols-4k2m',
    guid: 'https://dev.example.to/lucid/structural-typing-with-protocols-4k2m',
    guidIsPermaLink: true,
    title: 'Structural typing with protocols',
    publishedAt: hoursAfter(blog.publishedAt, 22),
  });
  const mediumCross = copy(blog, 'medium-python-tag', {
    url: 'https://medium.com/@lucid/structural-typing-with-protocols-8e2b4c6d9f01?source=rss------python-5',
    guid: 'https://medium.com/p/8e2b4c6d9f01',
    title: 'Structural Typing With Protocols in Python',
    text: `Moving a plugin system from abstract base classes to typing.Protocol. ${PROTOCOLS}`,
    publishedAt: hoursAfter(blog.publishedAt, 40),
  });

  // A ministry's release on its own site and on the government portal.
  const ministry = article('education-ministry-news', '2026-05-06T08:00:00Z', {
    url: 'https://education.gov.example/news/free-school-meals-for-all-primary-pupils',
    title: 'Free school meals for all primary pupils from September',
    text: MEALS,
  });
  const portal = copy(ministry, 'gov-portal-all-news', {
    url: 'https://www.gov.example/government/news/free-school-meals-extended-to-all-primary-school-pupils',
    title: 'Free school meals extended to all primary school pupils',
    text: MEALS.replace(', the Ministry of Education announced today', ''),
    publishedAt: hoursAfter(ministry.publishedAt, 0.5),
  });

  // A release announcement on the project blog and in a mailing list's archive feed.
  const releaseBlog = article('quill-blog', '2026-05-07T14:00:00Z', {
    url: 'https://quill.example.org/blog/2026/05/quill-2.0/',
    title: 'Quill 2.0 released',
    text: RELEASE,
  });
  const releaseList = copy(releaseBlog, 'quill-announce-list', {
    url: 'https://lists.quill.example.org/archives/announce/2026-May/000118.html',
    title: '[ANNOUNCE] Quill 2.0',
    text: `Hi all, ${RELEASE} -- Mira, for the Quill team`,
    publishedAt: hoursAfter(releaseBlog.publishedAt, 0.3),
  });
  const releaseLwn = copy(releaseBlog, 'lwn-announcements', {
    url: 'https://lwn.example/Articles/974321/',
    title: 'Quill 2.0 released',
    text: excerpt(RELEASE, 48),
    publishedAt: hoursAfter(releaseBlog.publishedAt, 5),
  });

  // An essay on a personal site and its newsletter edition.
  const essay = article('ines-site', '2026-05-08T07:00:00Z', {
    url: 'https://ines.example/2026/05/rss-is-not-dead',
    title: 'RSS is not dead, it is just quiet',
    text: ESSAY,
  });
  const essayNewsletter = copy(essay, 'ines-buttondown', {
    url: 'https://buttondown.example/ines/archive/rss-is-not-dead-it-is-just-quiet/',
    title: 'RSS is not dead, it is just quiet',
    text: `Hello friends, this week’s letter is an essay I have been meaning to write for a while. ${ESSAY}`,
    publishedAt: hoursAfter(essay.publishedAt, 2),
  });

  return [
    ...allPairs(
      'text-syndicated',
      'text',
      [conversation, republishedA, republishedB],
      'A Creative Commons article republished under other headlines, one with a credit line in front, one with a word changed.',
    ),
    same(
      'text-syndicated-late',
      'text',
      conversation,
      republishedLate,
      'The same article republished nine days later: a person calls it one story, but it is outside the 72-hour window by design (the window is what keeps recurring posts apart). Counted as a miss.',
    ),
    ...allPairs(
      'text-syndicated',
      'text',
      [blog, devto, mediumCross],
      'A post cross-posted to dev.to and Medium, one with a subtitle in front.',
    ),
    ...allPairs('text-syndicated', 'text', [ministry, portal], 'A ministry press release on its own site and on the government portal.'),
    ...allPairs(
      'text-syndicated',
      'text',
      [releaseBlog, releaseList, releaseLwn],
      'A release announcement on the blog, the mailing list (greeting and signature added) and an excerpt on a news site.',
    ),
    ...allPairs(
      'text-syndicated',
      'text',
      [essay, essayNewsletter],
      'An essay on its author’s site and in her newsletter with a greeting in front.',
    ),
    same(
      'text-excerpt',
      'text',
      essay,
      copy(essay, 'feed-aggregator-essays', {
        url: 'https://essays.aggregator.example/item/5521873',
        text: excerpt(ESSAY, 36),
        publishedAt: hoursAfter(essay.publishedAt, 4),
      }),
      'An aggregator that carries the first sentences only.',
    ),
    ...chainCases(),
    ...shortCopies(),
    ...degenerateTextCases(),
  ];
}

const CHAIN_STORY =
  'SPRINGFIELD — The state will spend $14 million to replace the 90-year-old Jackson Street bridge over the James River, which inspectors rated ' +
  'in poor condition last year, transportation officials said Tuesday. Construction is expected to begin next spring and last about 18 ' +
  'months. During that time, traffic will be detoured over the Kearney Street bridge, adding about five minutes to a typical commute. ' +
  'The new bridge will have wider lanes, a separated path for people walking and cycling, and lighting designed to keep glare off the river.';

const COLUMN =
  'I have a confession to make: I like waiting rooms. Not the waiting, which is as tedious for me as for anyone, but the rooms themselves, ' +
  'with their tired magazines and their fish tanks and their strange democracy. Everybody in a waiting room is equal, more or less. The ' +
  'banker and the bus driver sit on the same plastic chairs and wait for the same nurse to call their name. There are fewer of these ' +
  'places every year, as we book online and wait in our cars, and I think we are losing something we have not noticed we had.';

const CNN_STORY =
  'A volcano on Iceland’s Reykjanes peninsula erupted for the ninth time in two years on Friday, sending lava toward a road that had just been ' +
  'rebuilt and prompting the evacuation of the Blue Lagoon spa, the country’s meteorological office said. The eruption began shortly after ' +
  '5 a.m. local time from a fissure about three kilometers long. The nearby town of Grindavík, which was evacuated in 2023, was not under ' +
  'immediate threat, officials said. Flights at Keflavík International Airport were operating normally.';

// A story shared across a newspaper chain, a syndicated column, a site's two editions.
function chainCases(): LabelledPair[] {
  const leader = article('springfield-news-leader', '2026-05-05T21:00:00Z', {
    url: 'https://www.news-leader.example/story/news/local/2026/05/05/jackson-street-bridge-replacement/73612345007/',
    title: 'State to replace Jackson Street bridge for $14 million',
    text: CHAIN_STORY,
  });
  const sister = copy(leader, 'joplin-globe-state', {
    url: 'https://www.joplinglobe.example/story/news/state/2026/05/06/springfield-bridge-to-be-replaced/73619876007/',
    title: 'Springfield’s Jackson Street bridge to be replaced',
    text: `This story originally appeared in the Springfield News-Leader. ${CHAIN_STORY}`,
    publishedAt: hoursAfter(leader.publishedAt, 11),
  });
  const sister2 = copy(leader, 'columbia-tribune-state', {
    url: 'https://www.columbiatribune.example/story/news/state/2026/05/06/jackson-street-bridge/73620011007/',
    title: 'Springfield bridge replacement set to start next spring',
    text: CHAIN_STORY.replace('SPRINGFIELD — ', '').replace(
      ', transportation officials said Tuesday',
      ', state transportation officials said Tuesday',
    ),
    publishedAt: hoursAfter(leader.publishedAt, 14),
  });
  const column = article('columnists-syndicate', '2026-05-09T05:00:00Z', {
    url: 'https://syndicate.example/columns/2026/05/09/in-praise-of-waiting-rooms',
    title: 'In praise of waiting rooms',
    text: COLUMN,
  });
  const columnPaper = copy(column, 'valley-gazette-opinion', {
    url: 'https://www.valleygazette.example/opinion/columns/we-are-losing-our-waiting-rooms',
    title: 'We are losing our waiting rooms, and something with them',
    publishedAt: hoursAfter(column.publishedAt, 30),
  });
  const cnnUs = article('cnn-top-stories', '2026-05-08T07:00:00Z', {
    url: 'https://www.cnn.example/2026/05/08/world/volcano-iceland-eruption/index.html',
    title: 'Volcano erupts again in Iceland, forcing Blue Lagoon evacuation',
    text: CNN_STORY,
  });
  const cnnEdition = copy(cnnUs, 'cnn-world', {
    url: 'https://edition.cnn.example/2026/05/08/world/volcano-iceland-eruption-intl/index.html',
    title: 'Volcano erupts again on Iceland’s Reykjanes peninsula',
    publishedAt: hoursAfter(cnnUs.publishedAt, 0.2),
  });
  return [
    ...allPairs(
      'text-syndicated',
      'text',
      [leader, sister, sister2],
      'One reporter’s story at three papers of a chain, with a credit line or an edited attribution.',
    ),
    same('text-syndicated', 'text', column, columnPaper, 'A syndicated column under a paper’s own headline a day later.'),
    same('text-syndicated', 'text', cnnUs, cnnEdition, 'One story in a site’s US and international editions, at two hosts and paths.'),
  ];
}

// Copies whose texts are too short for the text rule: a person sees one story, the data cannot show it.
function shortCopies(): LabelledPair[] {
  const post = article('mastodon-ines', '2026-05-08T07:05:00Z', {
    url: 'https://social.example/@ines/112400000000000001',
    title: 'New essay: RSS is not dead, it is just quiet.',
    text: 'New essay: RSS is not dead, it is just quiet. https://ines.example/2026/05/rss-is-not-dead',
  });
  return [
    same(
      'short-text-copy',
      'text',
      post,
      copy(post, 'bluesky-bridge-ines', {
        url: 'https://bsky.example/profile/ines.example/post/3kq2abcd7x2',
        publishedAt: hoursAfter(post.publishedAt, 0.1),
      }),
      'One post bridged to a second network: the same twelve words, but too few to tell a copy from a coincidence. Undecidable from the data by design; counted as a miss.',
    ),
  ];
}

// A company feed whose every item carries the same tagline as its text, and another feed of the same company.
function degenerateTextCases(): LabelledPair[] {
  return [
    apart(
      'text-degenerate',
      article('northwind-journal', '2026-05-06T15:00:00Z', {
        url: 'https://northwind.example/journal/repair-week',
        title: 'Repair week is back',
        text: TAGLINE,
      }),
      article('northwind-news', '2026-05-07T15:00:00Z', {
        url: 'https://northwind.example/news/new-ultralight-tent',
        title: 'Meet the Ridgeline 2, our lightest tent yet',
        text: TAGLINE,
      }),
      'Two feeds of one company whose every description is the company tagline: the text says nothing about the item.',
    ),
  ];
}

/** Recent items of the feeds whose every item has the same text. */
export function syndicationFeedItems(): Record<string, LabelledCandidate[]> {
  const items = (feedId: string, titles: string[]) =>
    titles.map((title, i) =>
      article(feedId, new Date(Date.UTC(2026, 4, 7 - i * 3, 15)).toISOString(), {
        url: `https://northwind.example/${feedId}/${i}`,
        title,
        text: TAGLINE,
      }),
    );
  return {
    'northwind-journal': items('northwind-journal', [
      'Repair week is back',
      'Ten years of the Basin pack',
      'A winter on the Wind River range',
    ]),
    'northwind-news': items('northwind-news', [
      'Meet the Ridgeline 2, our lightest tent yet',
      'Store hours for the holiday',
      'Our new warranty',
    ]),
  };
}
