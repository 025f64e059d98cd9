import { describe, expect, it } from 'vitest';
import { countOpmlFeeds, feedsNotAdded, importCompleteText, importingLabel, isOpmlFileName, notAddedLabel } from './opmlFile';

const opml = (body: string) => `<?xml version="1.0"?><opml version="2.0"><head><title>Feeds</title></head><body>${body}</body></opml>`;

describe('isOpmlFileName', () => {
  it('takes .opml and .xml in any case', () => {
    expect(isOpmlFileName('feeds.opml')).toBe(true);
    expect(isOpmlFileName('Feeds.XML')).toBe(true);
    expect(isOpmlFileName('export.2024.Opml')).toBe(true);
  });

  it('refuses other names, and the extension only in the middle', () => {
    expect(isOpmlFileName('feeds.txt')).toBe(false);
    expect(isOpmlFileName('feeds.opml.txt')).toBe(false);
    expect(isOpmlFileName('opml')).toBe(false);
    expect(isOpmlFileName('')).toBe(false);
  });
});

describe('countOpmlFeeds', () => {
  it('counts the outlines with an xmlUrl, inside folders too', () => {
    const text = opml(
      '<outline text="a" xmlUrl="https://a.test/feed"/>' +
        '<outline text="Folder"><outline text="b" xmlUrl="https://b.test/feed"/><outline text="c" xmlUrl="https://c.test/rss"/></outline>',
    );
    expect(countOpmlFeeds(text)).toBe(3);
  });

  it('leaves out folders and outlines without an address', () => {
    expect(countOpmlFeeds(opml('<outline text="Empty folder"/><outline text="blank" xmlUrl="  "/>'))).toBe(0);
  });

  it('counts 0 for a file that is not XML', () => {
    expect(countOpmlFeeds('not <xml')).toBe(0);
    expect(countOpmlFeeds('')).toBe(0);
  });
});

describe('importingLabel', () => {
  it('says how many feeds are on their way', () => {
    expect(importingLabel(1)).toBe('Importing 1 feed…');
    expect(importingLabel(12)).toBe('Importing 12 feeds…');
  });

  it('counts what a job has done once the server runs the import as one', () => {
    expect(importingLabel(40, { done: 7, total: 38 })).toBe('Importing 7 of 38 feeds…');
  });
});

describe('the import report', () => {
  it('says the spec’s words when an import is done', () => {
    expect(importCompleteText({ subscribed: 3, skipped: 1, errors: 2 })).toBe(
      'Import complete! Added 3 feeds, skipped 1 (already subscribed), 2 errors',
    );
  });

  it('lists the feeds not added, failed ones first, each kind in the file’s order', () => {
    const feed = (url: string, outcome: 'added' | 'skipped' | 'failed') => ({ url, outcome, reason: outcome === 'added' ? null : 'why' });
    const feeds = [feed('a', 'skipped'), feed('b', 'failed'), feed('c', 'added'), feed('d', 'failed'), feed('e', 'skipped')];
    const { failed, skipped } = feedsNotAdded(feeds);
    expect(failed.map((each) => each.url)).toEqual(['b', 'd']);
    expect(skipped.map((each) => each.url)).toEqual(['a', 'e']);
  });

  it('names only the kinds there are in the list’s label', () => {
    expect(notAddedLabel(2, 1)).toBe('Show the 2 failed and 1 skipped feeds');
    expect(notAddedLabel(1, 0)).toBe('Show the 1 failed feed');
    expect(notAddedLabel(0, 3)).toBe('Show the 3 skipped feeds');
    expect(notAddedLabel(2, 1, true)).toBe('Hide the 2 failed and 1 skipped feeds');
  });
});
