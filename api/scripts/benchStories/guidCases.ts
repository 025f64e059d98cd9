// Cases decided by the GUID: global ids (tag:, urn:, permalinks) that two feeds carry while their links differ,
// ids that only mean something within one feed, and feeds that give one id to everything.
import { apart, article, copy, same, type LabelledCandidate, type LabelledPair } from './pairKit.ts';

export function guidCases(): LabelledPair[] {
  const blogger = article('swiftwatch-blogger-atom', '2026-05-02T19:14:00Z', {
    url: 'https://swiftwatch.blogspot.example/2026/05/first-swifts-over-old-town.html',
    guid: 'tag:blogger.com,1999:blog-8837261.post-4410027',
    title: 'First swifts over the old town',
    text: 'Three swifts screaming over the market square at 7pm, four days earlier than last year.',
  });
  const acmeRelease = article('acme-blog', '2026-05-05T16:00:00Z', {
    url: 'https://blog.acme.example/2026/05/release-3-2',
    guid: 'urn:uuid:7d4f2c1e-9a8b-4c3d-b2e1-0f9e8d7c6b5a',
    title: 'Release 3.2: offline sync',
    text: 'Release 3.2 brings offline sync to the mobile apps and halves start-up time on older phones.',
  });

  return [
    same(
      'guid-tag',
      'guid',
      blogger,
      copy(blogger, 'swiftwatch-feedburner', {
        url: 'http://feedproxy.google.com/~r/Swiftwatch/~3/kP0aZ7mQx2c/first-swifts-over-old-town.html',
        guid: 'tag:blogger.com,1999:blog-8837261.post-4410027',
      }),
      "A Blogger blog's Atom feed and its FeedBurner feed (no origLink): the redirect hides the address, the tag: id is shared.",
    ),
    same(
      'guid-tag',
      'guid',
      blogger,
      copy(blogger, 'birding-planet', {
        url: 'https://swiftwatch.blogspot.example/2026/05/first-swifts-over-old-town.html?m=1',
        guid: 'tag:blogger.com,1999:blog-8837261.post-4410027',
        title: 'Swiftwatch: First swifts over the old town',
      }),
      "A planet links Blogger's mobile page (?m=1, not a tracking parameter) and keeps the post's tag: id.",
    ),
    apart(
      'guid-tag-different',
      blogger,
      copy(blogger, 'birding-planet', {
        guid: 'tag:blogger.com,1999:blog-8837261.post-4410028',
        url: 'https://swiftwatch.blogspot.example/2026/05/house-martins-back.html',
        title: 'House martins back under the eaves',
        text: 'The house martins are back at the old school, building on last year’s nests.',
        publishedAt: '2026-05-03T08:40:00Z',
      }),
      'The next post of the same blog: tag: ids that differ in the post number.',
    ),
    same(
      'guid-urn',
      'guid',
      acmeRelease,
      copy(acmeRelease, 'acme-docs-changelog', {
        url: 'https://docs.acme.example/changelog/3.2',
        guid: 'urn:uuid:7D4F2C1E-9A8B-4C3D-B2E1-0F9E8D7C6B5A',
        title: 'Changelog: 3.2',
        text: 'Offline sync for iOS and Android; faster start-up; 41 fixes.',
      }),
      'The blog and the documentation changelog publish the same entry from one CMS under one urn:uuid (written in upper case by one of them).',
    ),
    apart(
      'guid-urn-different',
      acmeRelease,
      copy(acmeRelease, 'acme-docs-changelog', {
        url: 'https://docs.acme.example/changelog/3.1',
        guid: 'urn:uuid:0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
        title: 'Changelog: 3.1',
        text: 'Dark mode; export to CSV; 27 fixes.',
        publishedAt: '2026-05-04T10:00:00Z',
      }),
      'The previous changelog entry: another urn:uuid.',
    ),
    same(
      'guid-permalink',
      'guid',
      article('tech-wire-direct', '2026-05-06T10:00:00Z', {
        url: 'https://techwire.example/2026/05/06/open-source-maintainers-survey',
        guid: 'https://techwire.example/2026/05/06/open-source-maintainers-survey',
        guidIsPermaLink: true,
        title: 'Survey: six in ten open-source maintainers have considered quitting',
        text: 'A survey of 1,400 maintainers found most are unpaid.',
      }),
      article('tech-wire-partner', '2026-05-06T10:05:00Z', {
        url: 'https://rss.partnerfeeds.example/c/35031/f/650/s/3c1a9f2e/l/0Ltechwire0Bexample0C20A260C0A50C0A60Copen0Esource0Emaintainers0Esurvey/story01.htm',
        guid: 'https://techwire.example/2026/05/06/open-source-maintainers-survey/',
        guidIsPermaLink: true,
        title: 'Survey: six in ten open-source maintainers have considered quitting',
        text: 'A survey of 1,400 maintainers found most are unpaid.',
      }),
      "A syndication partner's feed links through its redirect, with the article's address as a permalink guid.",
    ),
    same(
      'guid-permalink',
      'guid',
      article('city-paper-main', '2026-05-07T12:00:00Z', {
        url: 'https://click.citypaper.example/t/aHR0cHM6Ly9jaXR5cGFwZXIuZXhhbXBsZS9uZXdzLzIwMjYvMDUvdHJhbS1saW5lLW9wZW5z',
        guid: 'https://citypaper.example/news/2026/05/tram-line-opens',
        guidIsPermaLink: true,
        title: 'New tram line opens to the airport',
        text: 'The new line runs every eight minutes.',
      }),
      article('city-paper-transport', '2026-05-07T12:00:00Z', {
        url: 'https://click.citypaper.example/t/aHR0cHM6Ly9jaXR5cGFwZXIuZXhhbXBsZS9uZXdzLzIwMjYvMDUvdHJhbS1saW5lLW9wZW5zP3M9dA',
        guid: 'http://www.citypaper.example/news/2026/05/tram-line-opens',
        guidIsPermaLink: true,
        title: 'New tram line opens to the airport',
        text: 'The new line runs every eight minutes.',
      }),
      'Two section feeds of one paper with different click-tracking links and the same permalink guid (once over http with www.).',
    ),
    same(
      'guid-uuid',
      'guid',
      article('quiet-hour', '2026-05-14T05:00:00Z', {
        url: 'https://quiethour.example.fm/43',
        guid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        title: 'Episode 43: Keeping old servers alive',
        text: 'We talk to two people who run a web server that has been up since 2004.',
      }),
      article('quiet-hour-supporters', '2026-05-14T05:00:00Z', {
        url: 'https://supporters.quiethour.example.fm/episodes/43?access=7c1f9a',
        guid: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
        title: 'Episode 43: Keeping old servers alive (ad-free)',
        text: 'Thank you for supporting the show! We talk to two people who run a web server that has been up since 2004.',
      }),
      'A podcast’s public feed and its supporters’ feed give the episode one UUID (without urn:uuid:), different links and too little text.',
    ),
    apart(
      'guid-feed-local',
      article('wordpress-blog-a', '2026-05-04T08:00:00Z', {
        url: 'https://knitting.example/2026/05/socks/',
        guid: '101',
        guidIsPermaLink: false,
        title: 'Toe-up socks',
        text: 'I finally tried toe-up socks and I am not going back.',
      }),
      article('wordpress-blog-b', '2026-05-04T09:00:00Z', {
        url: 'https://cycling.example/2026/05/first-century/',
        guid: '101',
        guidIsPermaLink: false,
        title: 'My first century',
        text: 'A hundred miles, two punctures and one very good cake stop.',
      }),
      'Two blogs whose guids are the post number 101.',
    ),
    apart(
      'guid-feed-local',
      article('json-feed-a', '2026-05-04T08:00:00Z', {
        url: 'https://notes.example.org/2026/05/04/morning',
        guid: '1',
        title: 'Morning',
        text: 'Coffee, rain, a good book.',
      }),
      article('json-feed-b', '2026-05-04T08:30:00Z', {
        url: 'https://diary.example.net/entries/1',
        guid: '1',
        guidIsPermaLink: true,
        title: 'Hello world',
        text: 'This is my first entry.',
      }),
      'JSON feeds whose first item\'s id is "1" (one of them declared a permalink by an RSS converter): not an address.',
    ),
    apart(
      'guid-not-permalink',
      article('medium-author-feed', '2026-05-06T09:30:00Z', {
        url: 'https://medium.com/@ana/notes-on-sqlite-3c5e7a9b1d2f?source=rss-ab12------2',
        guid: 'https://medium.com/p/3c5e7a9b1d2f',
        guidIsPermaLink: false,
        title: 'Notes on SQLite',
        text: 'Short notes from a week of reading the SQLite source.',
      }),
      article('medium-author-feed-2', '2026-05-06T10:30:00Z', {
        url: 'https://medium.com/@ben/notes-on-postgres-4d6f8b0c2e3a?source=rss-cd34------2',
        guid: 'https://medium.com/p/4d6f8b0c2e3a',
        guidIsPermaLink: false,
        title: 'Notes on Postgres',
        text: 'Short notes from a week of reading the Postgres source.',
      }),
      'Two Medium posts: address-like guids declared not permalinks, and different anyway.',
    ),
    apart(
      'guid-degenerate',
      article('broken-cms-news', '2026-05-06T09:00:00Z', {
        url: 'https://harbourtown.example/news/ferry-timetable',
        guid: 'urn:uuid:00000000-0000-0000-0000-000000000000',
        title: 'Summer ferry timetable published',
        text: 'The summer ferry timetable starts on 1 June with an extra evening crossing.',
      }),
      article('broken-cms-events', '2026-05-06T10:00:00Z', {
        url: 'https://harbourtown.example/events/regatta',
        guid: 'urn:uuid:00000000-0000-0000-0000-000000000000',
        title: 'Regatta returns in July',
        text: 'The harbour regatta returns on 12 July after a year off.',
      }),
      'Two feeds of a CMS that writes the nil UUID on every item: the guid rule must be skipped for them.',
    ),
    apart(
      'guid-degenerate',
      article('broken-plugin-blog', '2026-05-06T09:00:00Z', {
        url: 'https://pottery.example/blog/glazes',
        guid: 'tag:pottery.example,2020:blog',
        title: 'Three glazes I keep coming back to',
        text: 'Celadon, tenmoku and a plain white that breaks brown on the edges.',
      }),
      article('pottery-planet', '2026-05-06T11:00:00Z', {
        url: 'https://pottery.example/blog/kiln-log',
        guid: 'tag:pottery.example,2020:blog',
        title: 'Kiln log, firing 41',
        text: 'Cone 6, slow cool; the celadon crawled on two pots.',
      }),
      'A blog plugin that gives every post the same tag: id, read directly and through a planet.',
    ),
  ];
}

/** Recent items of the feeds in the degenerate cases above (the feeds repeat one id on everything). */
export function guidFeedItems(): Record<string, LabelledCandidate[]> {
  const nil = 'urn:uuid:00000000-0000-0000-0000-000000000000';
  const tag = 'tag:pottery.example,2020:blog';
  return {
    'broken-cms-news': [
      article('broken-cms-news', '2026-05-06T09:00:00Z', {
        url: 'https://harbourtown.example/news/ferry-timetable',
        guid: nil,
        title: 'Summer ferry timetable published',
      }),
      article('broken-cms-news', '2026-05-05T09:00:00Z', {
        url: 'https://harbourtown.example/news/harbour-wall',
        guid: nil,
        title: 'Harbour wall repairs begin',
      }),
      article('broken-cms-news', '2026-05-04T09:00:00Z', {
        url: 'https://harbourtown.example/news/beach-flags',
        guid: nil,
        title: 'Blue flag for the south beach',
      }),
    ],
    'broken-cms-events': [
      article('broken-cms-events', '2026-05-06T10:00:00Z', {
        url: 'https://harbourtown.example/events/regatta',
        guid: nil,
        title: 'Regatta returns in July',
      }),
      article('broken-cms-events', '2026-05-03T10:00:00Z', {
        url: 'https://harbourtown.example/events/fish-market',
        guid: nil,
        title: 'Night fish market',
      }),
    ],
    'broken-plugin-blog': [
      article('broken-plugin-blog', '2026-05-06T09:00:00Z', {
        url: 'https://pottery.example/blog/glazes',
        guid: tag,
        title: 'Three glazes I keep coming back to',
      }),
      article('broken-plugin-blog', '2026-05-01T09:00:00Z', {
        url: 'https://pottery.example/blog/kiln-log-40',
        guid: tag,
        title: 'Kiln log, firing 40',
      }),
      article('broken-plugin-blog', '2026-04-27T09:00:00Z', {
        url: 'https://pottery.example/blog/wedging',
        guid: tag,
        title: 'Wedging, again',
      }),
    ],
  };
}
