// What a person keeps apart although titles or texts look alike: instalments of a series on one template, the same
// title in another year, short generic titles, follow-ups that repeat the story they follow, texts too short to
// judge, and different stories behind one boilerplate opening. Every pair is from two feeds, as a same-feed pair is
// never one story.
import { apart, article, type LabelledPair } from './pairKit.ts';

const DAILY_INTRO =
  'Good morning! Here are today’s links. As always, hit reply if you read something I should see, and forward this to a friend who would like it. ';

const QUIET_HOUR_INTRO =
  'In this episode of The Quiet Hour, a podcast about slow software and the people who maintain it, we sit down with ';

const BUGFIX_INTRO =
  'This is a bugfix release in the 2.0 series. All users of 2.0 are encouraged to upgrade; there are no configuration changes. The fixes in this release: ';

const BRIEFING_INTRO = 'Good morning. Here is what you need to know today, in five minutes. ';

const FORECAST = (day: string, high: number, low: number, sky: string) =>
  `Forecast for ${day}: ${sky}, with a high of ${high} degrees and a low of ${low} degrees overnight. Winds from the southwest at 10 to 15 km/h. ` +
  'Pollen levels will be high. Sunrise is at 5:41 and sunset at 20:52. Our weather team updates this forecast every morning at six and every evening at six.';

export function apartCases(): LabelledPair[] {
  return [
    ...seriesCases(),
    ...recurringCases(),
    ...genericTitleCases(),
    ...followUpCases(),
    ...correctionCases(),
    ...shortTextCases(),
    ...sharedOpeningCases(),
    ...otherStoryCases(),
  ];
}

function seriesCases(): LabelledPair[] {
  return [
    apart(
      'series',
      article('daily-links-blog', '2026-05-05T06:00:00Z', {
        url: 'https://dailylinks.example/2026/05/05/',
        title: 'Daily links #212',
        text:
          DAILY_INTRO +
          'A long read on how container ships are routed around storms. Why the letter Q is so rare in English words. A database that stores ' +
          'everything in one file and why that is a feature. The last typewriter repair shop in Leeds.',
      }),
      article('daily-links-newsletter', '2026-05-06T06:00:00Z', {
        url: 'https://dailylinks.example/newsletter/213',
        title: 'Daily links #213',
        text:
          DAILY_INTRO +
          'The economics of airport lounges. A tiny text editor written in a weekend. How bees decide where to build a new hive. Photos of ' +
          'Soviet bus stops, and an interview with the photographer.',
      }),
      'Two issues of a daily link post a day apart, with the same opening paragraph: the number says which.',
    ),
    apart(
      'series',
      article('weekly-links-blog', '2026-05-01T08:00:00Z', {
        url: 'https://marta.example/weekly-links-12',
        title: 'Weekly links #12',
        text:
          'Every Friday I share the best things I read this week. If you want these in your inbox, there is a newsletter. This week: a history ' +
          'of the shipping container, a guide to sourdough hydration, why bridges sing in the wind, and a very good essay on naming things.',
      }),
      article('weekly-links-planet', '2026-05-08T08:00:00Z', {
        url: 'https://planet.example/marta/weekly-links-13',
        title: 'Weekly links #13',
        text:
          'Every Friday I share the best things I read this week. If you want these in your inbox, there is a newsletter. This week: the ' +
          'people who repair pipe organs, a visual guide to tides, why trains are late in autumn, and a lovely story about a lost dog.',
      }),
      'Two issues of a weekly series a week apart on one template.',
    ),
    apart(
      'series',
      article('quiet-hour', '2026-05-07T05:00:00Z', {
        url: 'https://quiethour.example.fm/41',
        guid: 'quiethour-41',
        title: 'Episode 41: The last COBOL programmers',
        text:
          QUIET_HOUR_INTRO +
          'two programmers who still keep a bank’s batch jobs running after forty years. We talk about punch cards, pensions, and why nobody ' +
          'wants to rewrite the code that pays everyone on Fridays.',
      }),
      article('podcast-network-slowtech', '2026-05-07T05:10:00Z', {
        url: 'https://quiethour.example.fm/42/',
        guid: 'slowtech-network-quiethour-42',
        title: 'Episode 42: Feeds that last',
        text:
          QUIET_HOUR_INTRO +
          'a maintainer of a feed reader that has worked for twenty years. We talk about standards, small servers, and why the oldest feeds ' +
          'are still the ones that parse best.',
      }),
      'Two episodes released the same morning (one through the network’s feed), show notes opening on the same template.',
    ),
    apart(
      'series',
      article('build-a-reader-blog', '2026-05-06T10:00:00Z', {
        url: 'https://kasia.example/build-a-reader/part-1',
        title: 'Building a feed reader, part 1: fetching',
        text:
          'This is a series about building a small feed reader from scratch, one piece at a time, in plain Go with no frameworks. In this part we ' +
          'fetch feeds politely: conditional requests with ETag and Last-Modified, timeouts, redirects, and backing off when a server asks us to.',
      }),
      article('golang-weekly-feed', '2026-05-06T16:00:00Z', {
        url: 'https://kasia.example/build-a-reader/part-2',
        title: 'Building a feed reader, part 2: parsing',
        text:
          'This is a series about building a small feed reader from scratch, one piece at a time, in plain Go with no frameworks. In this part we ' +
          'parse what we fetched: RSS, Atom and JSON Feed, broken dates, relative links, and the encodings nobody declares correctly.',
      }),
      'Parts 1 and 2 of a series published the same day, opening with the same paragraph.',
    ),
    apart(
      'series',
      article('quill-blog', '2026-05-12T09:00:00Z', {
        url: 'https://quill.example.org/blog/2026/05/quill-2.0.1/',
        title: 'Quill 2.0.1 released',
        text:
          BUGFIX_INTRO +
          'a crash when opening EPUB files without a table of contents; wrong line breaks in right-to-left paragraphs; migrate-config now keeps comments.',
      }),
      article('quill-announce-list', '2026-05-14T09:00:00Z', {
        url: 'https://lists.quill.example.org/archives/announce/2026-May/000121.html',
        title: 'Quill 2.0.2 released',
        text:
          BUGFIX_INTRO +
          'the plugin API no longer loads disabled plugins; a memory leak in the incremental parser; the Windows installer registers file types again.',
      }),
      'Two patch releases two days apart with the same boilerplate: the version says which.',
    ),
    apart(
      'series',
      article('morning-briefing', '2026-05-05T05:00:00Z', {
        url: 'https://paper.example/briefing/2026-05-05',
        title: 'Morning briefing, May 5',
        text:
          BRIEFING_INTRO +
          'The Fed meets today and is expected to hold rates. A wildfire near Flagstaff has forced 2,000 homes to evacuate. The city council ' +
          'votes on the Mill Road cycle lane. And the swifts are back.',
      }),
      article('morning-briefing-app', '2026-05-06T05:00:00Z', {
        url: 'https://app.paper.example/briefing/2026-05-06',
        title: 'Morning briefing, May 6',
        text:
          BRIEFING_INTRO +
          'The Fed held rates steady and said it needs more confidence on inflation. Crews gained ground on the Flagstaff fire. Dockers voted ' +
          'to end the harbour strike. And a glacier threatens an Alpine village.',
      }),
      'Two days of a daily briefing, opening with the same sentence.',
    ),
    apart(
      'series',
      article('weather-desk', '2026-05-07T04:00:00Z', {
        url: 'https://weather.paper.example/forecast/2026-05-07',
        title: 'Weather forecast for Thursday, May 7',
        text: FORECAST('Thursday', 21, 11, 'sunny spells and a few clouds'),
      }),
      article('paper-all-news', '2026-05-08T04:00:00Z', {
        url: 'https://paper.example/weather/forecast-2026-05-08',
        title: 'Weather forecast for Friday, May 8',
        text: FORECAST('Friday', 19, 10, 'sunny spells and a few clouds'),
      }),
      'Two days of a forecast written by template: nearly the same words, a different day.',
    ),
  ];
}

function recurringCases(): LabelledPair[] {
  const market = (year: number, text: string) =>
    article(year === 2026 ? 'riverside-courier' : 'riverside-courier-archive', `${year}-05-02T07:00:00Z`, {
      url: `https://www.riversidecourier.example/news/local/farmers-market-opens-${year}/`,
      title: 'Farmers market opens for the season',
      text,
    });
  const clocks = (feedId: string, date: string, text: string) =>
    article(feedId, date, { url: `https://${feedId}.example/${date.slice(0, 10)}/clocks`, title: 'Clocks go back this weekend', text });
  const CLOCKS_TEXT =
    'Don’t forget: the clocks go back one hour at 3am on Sunday, when British Summer Time ends. Most phones and computers will change ' +
    'automatically, but ovens, car clocks and central heating timers will need to be changed by hand. The good news is an extra hour in bed.';
  return [
    apart(
      'same-title-outside-window',
      market(
        2025,
        'The Riverside farmers market returns to Mill Square on Saturday for its 31st season, with 42 stalls selling vegetables, cheese, bread ' +
          'and plants. The market runs every Saturday from 8am to 1pm until the end of October. New this year: a stall for repairs of bikes and small appliances.',
      ),
      market(
        2026,
        'The Riverside farmers market returns to Mill Square on Saturday for its 32nd season, with 45 stalls selling vegetables, cheese, bread ' +
          'and plants. The market runs every Saturday from 8am to 1pm until the end of October. New this year: a children’s cooking corner.',
      ),
      'The same yearly announcement a year apart, nearly the same words.',
    ),
    apart(
      'same-title-outside-window',
      clocks('news-digest-uk', '2025-10-23T08:00:00Z', CLOCKS_TEXT),
      clocks('local-radio-news', '2026-10-22T08:00:00Z', CLOCKS_TEXT),
      'The same reminder, word for word, in two autumns.',
    ),
    apart(
      'same-title-outside-window',
      article('northwind-news-archive', '2025-12-20T10:00:00Z', {
        url: 'https://northwind.example/news/happy-holidays-2025',
        title: 'Happy holidays from all of us at Northwind',
        text:
          'Our workshop closes from 24 December to 2 January so the team can rest. Orders placed in that time will ship on 3 January, and the ' +
          'repair desk will answer e-mail when we are back. Thank you for another year of trips, stories and patched tents.',
      }),
      article('northwind-journal', '2026-12-19T10:00:00Z', {
        url: 'https://northwind.example/journal/happy-holidays-2026',
        title: 'Happy holidays from all of us at Northwind',
        text:
          'Our workshop closes from 24 December to 2 January so the team can rest. Orders placed in that time will ship on 4 January, and the ' +
          'repair desk will answer e-mail when we are back. Thank you for another year of trips, stories and patched tents.',
      }),
      'A company’s holiday notice, nearly the same a year later.',
    ),
    apart(
      'same-title-outside-window',
      article('city-paper-main', '2026-05-04T12:00:00Z', {
        url: 'https://citypaper.example/news/2026/05/04/road-closures',
        title: 'Road closures this week',
        text:
          'Mill Road will be closed between the station and Hill Street from Monday to Wednesday for resurfacing. Bus routes 4 and 7 are ' +
          'diverted via Queen Street. The footpath stays open. Works on Canal Street continue, with one lane open in each direction.',
      }),
      article('city-paper-transport', '2026-05-11T12:00:00Z', {
        url: 'https://citypaper.example/news/2026/05/11/road-closures',
        title: 'Road closures this week',
        text:
          'Hill Street will be closed between the station and Mill Road from Monday to Wednesday for resurfacing. Bus routes 4 and 7 are ' +
          'diverted via Queen Street. The footpath stays open. Works on Canal Street continue, with one lane open in each direction.',
      }),
      'A weekly column a week apart under the same title, the second mostly repeating the first.',
    ),
  ];
}

function genericTitleCases(): LabelledPair[] {
  return [
    apart(
      'generic-title',
      article('kasia-blog', '2026-05-06T20:00:00Z', {
        url: 'https://kasia.example/2026/05/06/update',
        title: 'Update',
        text:
          'A quick update: I have moved the blog to a new server, so if anything looks broken, that is why. Comments are off for now while I ' +
          'decide whether to keep them at all. The feed address has not changed.',
      }),
      article('tomas-blog', '2026-05-06T21:30:00Z', {
        url: 'https://tomas.example/posts/update',
        title: 'Update',
        text:
          'A quick update on the garden: the beans are up, the slugs have found the lettuce, and the pond has its first frogspawn. I will post ' +
          'photos at the weekend if it ever stops raining.',
      }),
      'Two blogs posting "Update" the same evening, both opening with "A quick update".',
    ),
    apart(
      'generic-title',
      article('radio-show-a', '2026-05-05T17:00:00Z', {
        url: 'https://radio-a.example/shows/2026-05-05',
        title: 'Podcast',
        text:
          'This week on the show: the council’s plan for Mill Road, a chat with the new head of the library, and the results of our listener ' +
          'survey about the bus timetable. Presented by Sam Patel.',
      }),
      article('radio-show-b', '2026-05-05T18:00:00Z', {
        url: 'https://radio-b.example/podcast/2026/05/05',
        title: 'Podcast',
        text:
          'This week on the show: the best new albums of the spring, an interview with a band that records in a church, and your letters about ' +
          'last week’s quiz. Presented by Jo Martin.',
      }),
      'Two shows whose every episode is titled "Podcast", opening their notes the same way.',
    ),
    apart(
      'generic-title',
      article('link-blog-a', '2026-05-07T07:00:00Z', {
        url: 'https://a-links.example/2026/05/07/links',
        title: 'Links',
        text:
          'Some things I read this week that I think you will like. A history of the humble paperclip. How the Dutch build bike paths that ' +
          'last fifty years. Why most spreadsheets have errors. A recipe for the best focaccia I know.',
      }),
      article('link-blog-b', '2026-05-07T09:00:00Z', {
        url: 'https://b-links.example/posts/links-2026-05-07',
        title: 'Links',
        text:
          'Some things I read this week that I think you will like. How lighthouses were automated. The search for the world’s oldest tree. ' +
          'An oral history of a video game nobody played. Why cats knock things off tables.',
      }),
      'Two link posts titled "Links" the same morning, both opening with the same stock sentence.',
    ),
    apart(
      'generic-title',
      article('weeknotes-ana', '2026-05-08T17:00:00Z', {
        url: 'https://ana.example/weeknotes/2026-19',
        title: 'Weeknotes',
        text:
          'This week I shipped the new onboarding flow, argued with a printer, and finally read the book everyone has been recommending. ' +
          'Next week is quieter: two days of planning and a day off for my sister’s wedding.',
      }),
      article('weeknotes-ben', '2026-05-08T18:00:00Z', {
        url: 'https://ben.example/notes/weeknotes',
        title: 'Weeknotes',
        text:
          'This week I mostly wrote documentation, which I enjoyed more than I expected. I also fixed the bike, planted potatoes and started ' +
          'learning the accordion, badly. Next week is a conference, so expect these to be late.',
      }),
      'Two people’s "Weeknotes" the same Friday.',
    ),
    apart(
      'generic-title',
      article('photo-blog-a', '2026-05-09T12:00:00Z', {
        url: 'https://photos-a.example/p/8812',
        title: 'Photo',
        text: 'Morning light on the harbour.',
      }),
      article('photo-blog-b', '2026-05-09T12:30:00Z', {
        url: 'https://photos-b.example/2026/05/09/photo',
        title: 'Photo',
        text: 'Morning light on the river.',
      }),
      'Two photo posts titled "Photo" with one-line captions: nothing to match on.',
    ),
    apart(
      'generic-title',
      article('microblog-a', '2026-05-09T12:00:00Z', {
        url: 'https://micro-a.example/2026/05/09/120000.html',
        title: 'Untitled',
        text: '',
      }),
      article('microblog-b', '2026-05-09T12:05:00Z', {
        url: 'https://micro-b.example/2026/05/09/120500.html',
        title: 'Untitled',
        text: '',
      }),
      'Two untitled posts with no text in the feed.',
    ),
  ];
}

function followUpCases(): LabelledPair[] {
  const LIBRARY =
    'The central library on Queen Street will close on 1 June for a year-long renovation that will add a children’s floor, a café and step-free ' +
    'access from the street. A temporary library will open in the former post office on Hill Street, with a smaller collection and the same ' +
    'opening hours. Books can be returned at either site until the end of May.';
  return [
    apart(
      'follow-up',
      article('riverside-courier', '2026-05-04T10:00:00Z', {
        url: 'https://www.riversidecourier.example/news/local/library-closes-for-renovation/article_77aa12.html',
        title: 'Library closes for renovation',
        text: LIBRARY,
      }),
      article('riverside-blog', '2026-05-06T10:00:00Z', {
        url: 'https://riverside-blog.example/2026/05/library-closes-for-renovation-update',
        title: 'Library closes for renovation: update',
        text: `The temporary library will now open on 8 June, a week later than planned. ${LIBRARY}`,
      }),
      'A follow-up that adds one sentence of news in front of the story it follows.',
    ),
    apart(
      'follow-up',
      article('example-cloud-status', '2026-05-02T22:00:00Z', {
        url: 'https://status.examplecloud.example/incidents/k2n8p4',
        title: 'Outage in the eu-west region',
        text:
          'Between 19:40 and 21:55 UTC, customers in eu-west saw failed requests to object storage and elevated latency on managed databases. ' +
          'The cause was a configuration change to the storage control plane, which we have rolled back. We will publish a full review.',
      }),
      article('example-cloud-blog', '2026-05-05T15:00:00Z', {
        url: 'https://examplecloud.example/blog/eu-west-outage-follow-up',
        title: 'Outage in the eu-west region: follow-up',
        text:
          'On 2 May a routine change to the storage control plane removed capacity from three availability zones at once. This post explains ' +
          'what happened, why our safeguards did not stop it, and the five changes we are making so that it cannot happen again.',
      }),
      'An incident notice and the review published three days later.',
    ),
    apart(
      'follow-up',
      article('city-paper-main', '2026-05-07T12:00:00Z', {
        url: 'https://citypaper.example/news/2026/05/tram-line-opens',
        title: 'New tram line opens to the airport',
        text:
          'The new tram line to the airport opened on Thursday morning, with the first tram leaving the central station at 5:12. Trams will run ' +
          'every eight minutes at peak times and every fifteen minutes in the evening. A single ticket costs the same as a bus fare.',
      }),
      article('transport-blog', '2026-05-08T18:00:00Z', {
        url: 'https://transport-blog.example/2026/05/08/tram-line-opens-updated',
        title: 'New tram line opens to the airport (updated)',
        text:
          'Updated on Friday: services were suspended for three hours on the line’s second day after a power fault near the airport stop. The ' +
          'new tram line to the airport opened on Thursday morning, with the first tram leaving the central station at 5:12. Trams will run every ' +
          'eight minutes at peak times and every fifteen minutes in the evening.',
      }),
      'A blog’s updated post on the next day’s fault, repeating the opening story after its news.',
    ),
  ];
}

function correctionCases(): LabelledPair[] {
  return [
    apart(
      'follow-up',
      article('valley-gazette', '2026-05-12T09:00:00Z', {
        url: 'http://www.valleygazette.example/news/bridge-reopens',
        title: 'Bridge reopens after repairs',
        text:
          'The old stone bridge reopened on Monday after eight months of repairs that cost the county £2.4 million. The crossing carries about ' +
          '9,000 vehicles a day, and its closure had added up to twenty minutes to journeys between the two halves of the town. A 7.5-tonne ' +
          'weight limit remains in place, and a new footway has been added on the downstream side.',
      }),
      article('valley-gazette-corrections', '2026-05-13T09:00:00Z', {
        url: 'http://www.valleygazette.example/corrections/2026-05-13',
        title: 'Correction: Bridge reopens after repairs',
        text:
          'An earlier version of our story said the repairs cost £2.4 million; the figure was £4.2 million. The old stone bridge reopened on ' +
          'Monday after eight months of repairs. The crossing carries about 9,000 vehicles a day, and its closure had added up to twenty ' +
          'minutes to journeys between the two halves of the town.',
      }),
      'A correction notice repeating most of the story it corrects: a separate item.',
    ),
  ];
}

function shortTextCases(): LabelledPair[] {
  return [
    apart(
      'short-text',
      article('gardenpod', '2026-05-06T05:00:00Z', {
        url: 'https://gardenpod.example.fm/episodes/compost',
        title: 'Compost, again',
        text: 'New episode out now! Listen wherever you get your podcasts, and leave us a review.',
      }),
      article('history-pod', '2026-05-06T05:00:00Z', {
        url: 'https://historypod.example/episodes/the-lost-canal',
        title: 'The lost canal',
        text: 'New episode out now! Listen wherever you get your podcasts, and leave us a review.',
      }),
      'Two podcasts whose show notes are the same stock sentence.',
    ),
    apart(
      'short-text',
      article('project-a-releases', '2026-05-06T10:00:00Z', {
        url: 'https://github.example/a/a/releases/tag/v1.0.0',
        title: 'v1.0.0',
        text: 'First stable release.',
      }),
      article('project-b-releases', '2026-05-06T11:00:00Z', {
        url: 'https://github.example/b/b/releases/tag/v1.0.0',
        title: 'v1.0.0',
        text: 'First stable release.',
      }),
      'Two projects’ release feeds on the same day: same title, same three words.',
    ),
    apart(
      'short-text',
      article('service-a-status', '2026-05-06T10:00:00Z', {
        url: 'https://status.service-a.example/incidents/abc123',
        title: 'Elevated error rates',
        text: 'Investigating - We are currently investigating elevated error rates on the API. We will provide an update within 30 minutes.',
      }),
      article('service-b-status', '2026-05-06T10:20:00Z', {
        url: 'https://status.service-b.example/incidents/xyz789',
        title: 'Elevated error rates',
        text: 'Investigating - We are currently investigating elevated error rates on the dashboard. We will provide an update within 30 minutes.',
      }),
      'Two services’ status pages on the same template: two incidents.',
    ),
  ];
}

function sharedOpeningCases(): LabelledPair[] {
  const EDITORS_NOTE =
    'Editor’s note: This is a guest post from a member of our community. The views are the author’s own. Want to write for us? Read our ' +
    'contributor guidelines and send a pitch. ';
  return [
    apart(
      'shared-opening',
      article('community-blog', '2026-05-05T09:00:00Z', {
        url: 'https://community.example/blog/teaching-kids-to-code-with-robots',
        title: 'Teaching kids to code with robots',
        text:
          EDITORS_NOTE +
          'For three years I have run a Saturday club where ten-year-olds program small robots to follow a line on the floor. Here is what ' +
          'worked, what did not, and why the best lesson was a robot that kept driving off the table.',
      }),
      article('community-blog-planet', '2026-05-06T09:00:00Z', {
        url: 'https://community.example/blog/what-i-learned-from-my-first-open-source-pr',
        title: 'What I learned from my first open-source pull request',
        text:
          EDITORS_NOTE +
          'My first pull request was a one-line fix to a typo in the documentation, and it took three weeks and two rewrites to land. I am ' +
          'glad it did, because the review taught me more than any course.',
      }),
      'Two guest posts opening with the same editor’s note.',
    ),
    apart(
      'same-event-independent',
      article('tech-blog-a', '2026-05-06T19:00:00Z', {
        url: 'https://techblog-a.example/2026/05/06/phone-launch',
        title: 'Hands on with the new Pixelate 9',
        text:
          'The Pixelate 9 is lighter than last year’s phone, has a brighter screen and a camera bump that no longer wobbles on a table. ' +
          'Battery life was the surprise of our first day with it: we ended a day of heavy use with 40% left. The price is unchanged at $799.',
      }),
      article('tech-blog-b', '2026-05-06T19:30:00Z', {
        url: 'https://techblog-b.example/reviews/pixelate-9-first-look',
        title: 'Pixelate 9 first look: lighter, brighter, same price',
        text:
          'The new Pixelate 9 is lighter than the 8, its screen is noticeably brighter outdoors, and the camera bump finally sits flat. After a ' +
          'day of use the battery had 38% left. It still costs $799, which makes it one of the better deals of the year.',
      }),
      'Two sites’ own first looks at the same phone, with the same facts.',
    ),
  ];
}

// Different stories of the same day that share a subject, a template or a source.
function otherStoryCases(): LabelledPair[] {
  return [
    apart(
      'same-event-independent',
      article('riverside-courier', '2026-05-07T22:30:00Z', {
        url: 'https://www.riversidecourier.example/news/local/council-approves-cycle-lane-plan/article_5f2c1e7a.html',
        title: 'Council approves cycle lane plan for Mill Road',
        text:
          'Councillors voted 9–4 on Thursday night to build a protected cycle lane along Mill Road, removing 60 parking spaces. Shop owners ' +
          'had argued that the loss of parking would drive customers away, while parents at Mill Road Primary said the lane would let their ' +
          'children cycle to school safely. Work is due to start in September and take four months.',
      }),
      article('riverside-blog', '2026-05-08T07:30:00Z', {
        url: 'https://riverside-blog.example/2026/05/mill-road-decision',
        title: 'Mill Road cycle lane: what the council decided',
        text:
          'After three hours of debate, the council voted 9–4 last night for a protected cycle lane on Mill Road. Sixty parking spaces will go. ' +
          'I was in the public gallery, and the mood was tense: shopkeepers on one side, parents from the primary school on the other. Here is ' +
          'what was said and what happens next.',
      }),
      'A paper’s report and a local blogger’s own account of the same vote.',
    ),
    apart(
      'same-event-independent',
      article('bbc-news-world', '2026-05-06T11:10:00Z', {
        url: 'https://www.bbc.example/news/world-europe-68901234',
        title: 'Alpine village evacuated as glacier threatens to collapse',
        text:
          'About 300 residents of a Swiss mountain village have been told to leave their homes after geologists warned that part of a glacier ' +
          'above it could break away within days. Cattle were also moved from pastures below the glacier. The local council said residents ' +
          'would be housed in hotels in the valley and that it was not known when they could return.',
      }),
      article('guardian-world', '2026-05-06T13:40:00Z', {
        url: 'https://www.theguardian.example/world/2026/may/06/swiss-village-evacuated-glacier-collapse-warning',
        title: 'Swiss village evacuated amid fears glacier could collapse',
        text:
          'Residents of a village in the Swiss Alps have been ordered to leave after experts warned that a glacier overhanging the valley was ' +
          'moving faster and could partly collapse. About 300 people, and their cattle, were moved on Tuesday. Scientists say rising ' +
          'temperatures are making such collapses more likely across the Alps.',
      }),
      'Two broadcasters’ own reports of the same evacuation.',
    ),
    apart(
      'same-template',
      article('reuters-commodities', '2026-05-05T16:00:00Z', {
        url: 'https://www.reuters.example/markets/commodities/oil-rises-supply-2026-05-05/',
        title: 'Oil rises as supply worries outweigh demand concerns',
        text:
          'LONDON, May 5 (Reuters) - Oil prices rose on Tuesday as worries about supply disruptions in the Middle East outweighed concerns about ' +
          'weak demand in China. Brent crude futures were up 94 cents, or 1.3%, at $74.12 a barrel by 1500 GMT, while U.S. West Texas ' +
          'Intermediate crude futures rose 88 cents, or 1.2%, to $70.45.',
      }),
      article('yahoo-finance', '2026-05-06T16:10:00Z', {
        url: 'https://finance.yahoo.example/news/oil-falls-china-demand-161000456.html',
        title: 'Oil falls as weak China data revives demand concerns',
        text:
          'LONDON, May 6 (Reuters) - Oil prices fell on Wednesday after weak factory data from China revived concerns about demand in the world’s ' +
          'biggest crude importer. Brent crude futures were down 71 cents, or 1%, at $73.41 a barrel by 1500 GMT, while U.S. West Texas ' +
          'Intermediate crude futures fell 65 cents, or 0.9%, to $69.80.',
      }),
      'Two days of the same agency’s oil report, on one template.',
    ),
    apart(
      'series',
      article('ap-today-in-history', '2026-05-05T04:00:00Z', {
        url: 'https://apnews.example/article/today-in-history-may-5-a1b2c3',
        title: 'Today in History: May 5',
        text:
          'Today is Tuesday, May 5, the 125th day of 2026. There are 240 days left in the year. Today’s highlight in history: On May 5, 1961, ' +
          'astronaut Alan Shepard became America’s first space traveler as he made a 15-minute suborbital flight aboard the Freedom 7 capsule.',
      }),
      article('local-paper-history', '2026-05-06T04:00:00Z', {
        url: 'https://localpaper.example/news/today-in-history-may-6',
        title: 'Today in History: May 6',
        text:
          'Today is Wednesday, May 6, the 126th day of 2026. There are 239 days left in the year. Today’s highlight in history: On May 6, 1937, ' +
          'the hydrogen-filled German airship Hindenburg caught fire and crashed while mooring at Lakehurst, New Jersey.',
      }),
      'Two days of a daily feature on one template.',
    ),
    apart(
      'same-template',
      article('ap-sports', '2026-05-08T03:10:00Z', {
        url: 'https://apnews.example/article/yankees-red-sox-score-9a8b7c',
        title: 'Judge homers twice as Yankees beat Red Sox 5-3',
        text:
          'NEW YORK (AP) — Aaron Judge hit two home runs and the New York Yankees beat the Boston Red Sox 5-3 on Thursday night for their fifth ' +
          'straight win. Gerrit Cole allowed two runs in six innings. Rafael Devers homered for Boston, which has lost four of five.',
      }),
      article('espn-mlb', '2026-05-08T03:20:00Z', {
        url: 'https://www.espn.example/mlb/recap/_/gameId/401700123',
        title: 'Alonso homers twice as Mets beat Phillies 5-3',
        text:
          '— Pete Alonso hit two home runs and the New York Mets beat the Philadelphia Phillies 5-3 on Thursday night for their third straight ' +
          'win. Kodai Senga allowed two runs in six innings. Bryce Harper homered for Philadelphia, which has lost three of four.',
      }),
      'Two recaps of two games the same night, one template and the same score.',
    ),
    apart(
      'same-template',
      article('businesswire-tech', '2026-05-07T20:05:00Z', {
        url: 'https://www.businesswire.example/news/home/20260507005512/en/',
        title: 'Acme Corp Reports First Quarter 2026 Results',
        text:
          'SAN JOSE, Calif.--(BUSINESS WIRE)--Acme Corp (NASDAQ: ACME) today reported financial results for its first quarter ended March 31, ' +
          '2026. Revenue was $412 million, up 18% year over year. GAAP net income was $38 million, or $0.41 per diluted share. "We had a strong ' +
          'start to the year," said the chief executive.',
      }),
      article('yahoo-finance', '2026-05-07T20:10:00Z', {
        url: 'https://finance.yahoo.example/news/globex-reports-first-quarter-2026-201000789.html',
        title: 'Globex Reports First Quarter 2026 Results',
        text:
          'SAN JOSE, Calif.--(BUSINESS WIRE)--Globex Inc. (NASDAQ: GBX) today reported financial results for its first quarter ended March 31, ' +
          '2026. Revenue was $288 million, up 9% year over year. GAAP net income was $12 million, or $0.15 per diluted share. "We delivered a ' +
          'solid quarter," said the chief executive.',
      }),
      'Two companies’ earnings releases on the same template the same evening.',
    ),
  ];
}
