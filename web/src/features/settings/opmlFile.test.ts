import { describe, expect, it } from 'vitest';
import { countOpmlFeeds, importingLabel, isOpmlFileName } from './opmlFile';

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
