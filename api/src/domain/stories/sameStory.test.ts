import { describe, expect, it } from 'vitest';
import { sameStory } from './sameStory.ts';
import { storyKeys, type StoryCandidate } from './storyCandidate.ts';

const TEXT =
  'WASHINGTON (Reuters) - The Federal Reserve held interest rates steady on Wednesday and said it would need greater confidence that inflation ' +
  'is moving sustainably toward its 2% target before cutting borrowing costs, even as recent data showed price pressures easing. The U.S. ' +
  'central bank kept its benchmark overnight interest rate in the 4.25%-4.50% range, where it has been since December, in a unanimous decision.';
const OTHER_TEXT =
  'The central library on Queen Street will close on 1 June for a year-long renovation that will add a children’s floor, a café and step-free ' +
  'access from the street. A temporary library will open in the former post office on Hill Street, with a smaller collection and the same hours.';

const T0 = new Date('2026-05-06T18:45:00Z');
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);

function candidate(fields: Partial<StoryCandidate> = {}): StoryCandidate {
  return {
    feedId: 'reuters',
    url: 'https://www.reuters.example/markets/fed-holds-rates/',
    guid: null,
    guidIsPermaLink: false,
    originalUrl: null,
    title: 'Fed holds rates steady',
    text: TEXT,
    publishedAt: T0,
    ...fields,
  };
}

describe('sameStory', () => {
  it('never joins two articles of one feed', () => {
    expect(sameStory(candidate(), candidate())).toBeNull();
  });

  it('joins by canonical address first', () => {
    const b = candidate({
      feedId: 'newsletter',
      url: 'http://reuters.example/markets/fed-holds-rates?utm_source=newsletter',
      title: 'Rates',
      text: '',
    });
    expect(sameStory(candidate(), b)).toEqual({ rule: 'address' });
  });

  it('joins a FeedBurner redirect by its origLink, and not without it', () => {
    const proxied = { feedId: 'feedburner', url: 'http://feedproxy.google.com/~r/Reuters/~3/abc/', text: '' };
    expect(sameStory(candidate(), candidate({ ...proxied, originalUrl: 'https://reuters.example/markets/fed-holds-rates' }))).toEqual({
      rule: 'address',
    });
    expect(sameStory(candidate({ text: '' }), candidate(proxied))).toBeNull();
  });

  it('does not join two articles that link the same home page', () => {
    const home = { url: 'https://www.reuters.example/', text: '' };
    expect(sameStory(candidate(home), candidate({ ...home, feedId: 'other', title: 'Something else' }))).toBeNull();
  });

  it('joins by a global GUID when the addresses differ, and a permalink GUID with the other copy’s address', () => {
    const tagged = { guid: 'tag:reuters.example,2026:fed-0506', text: '' };
    const a = candidate({ ...tagged, url: 'https://click.example/r/1' });
    expect(sameStory(a, candidate({ ...tagged, feedId: 'partner', url: 'https://click.example/r/2' }))).toEqual({ rule: 'guid' });
    const permalink = candidate({
      feedId: 'partner',
      url: 'https://click.example/r/3',
      guid: 'https://reuters.example/markets/fed-holds-rates',
      guidIsPermaLink: true,
      text: '',
    });
    expect(sameStory(candidate({ text: '' }), permalink)).toEqual({ rule: 'guid' });
    expect(sameStory(permalink, candidate({ text: '' }))).toEqual({ rule: 'guid' });
  });

  it('does not join by a GUID that is only unique in its feed', () => {
    const a = candidate({ url: 'https://a.example/1', guid: '42', guidIsPermaLink: true, text: '' });
    expect(sameStory(a, candidate({ feedId: 'b', url: 'https://b.example/1', guid: '42', guidIsPermaLink: true, text: '' }))).toBeNull();
  });

  it('joins near-duplicate texts under other headlines within the window', () => {
    const copy = candidate({
      feedId: 'yahoo',
      url: 'https://finance.yahoo.example/news/fed-123.html',
      title: 'Federal Reserve keeps rates unchanged',
      publishedAt: hours(20),
    });
    expect(sameStory(candidate(), copy)).toEqual({ rule: 'text' });
    expect(sameStory(candidate(), { ...copy, publishedAt: hours(-71) })).toEqual({ rule: 'text' });
  });

  it('keeps near-duplicate texts apart outside the window, across a series or a follow-up, and different texts', () => {
    const copy = (fields: Partial<StoryCandidate>) =>
      candidate({ feedId: 'yahoo', url: 'https://finance.yahoo.example/news/x.html', ...fields });
    expect(sameStory(candidate(), copy({ publishedAt: hours(73) }))).toBeNull();
    expect(sameStory(candidate({ title: 'Rates watch #12' }), copy({ title: 'Rates watch #13' }))).toBeNull();
    expect(sameStory(candidate(), copy({ title: 'Fed holds rates steady: update' }))).toBeNull();
    expect(sameStory(candidate(), copy({ text: OTHER_TEXT }))).toBeNull();
    expect(sameStory(candidate({ text: 'Too short to judge.' }), copy({ text: 'Too short to judge.' }))).toBeNull();
  });

  it('skips a rule that is unusable for either feed and tries the next one', () => {
    const a = candidate({ url: 'https://acme.example/blog', guid: 'tag:acme.example,2020:blog' });
    const b = candidate({ feedId: 'acme-news', url: 'https://acme.example/blog', guid: 'tag:acme.example,2020:blog', text: OTHER_TEXT });
    expect(sameStory(a, b)).toEqual({ rule: 'address' });
    const unusableRules = new Map([['acme-news', new Set(['address', 'guid'] as const)]]);
    expect(sameStory(a, b, { unusableRules })).toBeNull();
    expect(sameStory(a, { ...b, text: TEXT }, { unusableRules })).toEqual({ rule: 'text' });
  });

  it('uses the keys a candidate carries', () => {
    const a = candidate();
    const b = candidate({ feedId: 'other', url: 'https://other.example/x' });
    expect(
      sameStory({ ...a, keys: { ...storyKeys(a), address: 'x.example/1' } }, { ...b, keys: { ...storyKeys(b), address: 'x.example/1' } }),
    ).toEqual({
      rule: 'address',
    });
    expect(sameStory(a, { ...b, keys: { address: null, guid: null, text: null } })).toBeNull();
  });
});
