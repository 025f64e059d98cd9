import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseFeed } from './normalise.ts';
import { parseFeed } from './parse.ts';

// Content modelled on what real publishers send, through parse → normalise → sanitise.
const article = (name: string) => {
  const feed = normaliseFeed(parseFeed(readFileSync(new URL(`./testdata/${name}`, import.meta.url)), null), {
    fetchUrl: 'https://fetched.example/feed',
    now: new Date('2026-06-01T00:00:00Z'),
  });
  const [first] = feed.articles;
  if (!first) throw new Error(`${name} has no article`);
  return first;
};

describe('publisher content', () => {
  it('WordPress: lazy images become real, the <noscript> copy replaces its placeholder, the embed stays, boilerplate leaves the excerpt', () => {
    const { content, excerpt, imageUrl } = article('publisher-wordpress.xml');
    expect(content).toContain('src="https://gardennotes.example.com/wp-content/uploads/2026/05/seedlings-1024x683.jpg"');
    expect(content).toContain('srcset="https://gardennotes.example.com/wp-content/uploads/2026/05/seedlings-1024x683.jpg 1024w,');
    expect(content).toContain('src="https://gardennotes.example.com/wp-content/uploads/2026/05/staking.jpg"');
    expect(content).toContain('src="https://gardennotes.example.com/wp-content/uploads/2026/05/harvest.jpg"');
    expect(content).not.toContain('data:');
    expect(content.match(/<img/g)).toHaveLength(3);
    expect(content).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"');
    expect(excerpt).toBe('Tomatoes want warmth, so wait for the last frost.');
    expect(imageUrl).toBe('https://gardennotes.example.com/wp-content/uploads/2026/05/seedlings-1024x683.jpg');
  });

  it('Substack: footnote ids survive prefixed and their links stay in the page', () => {
    const { content } = article('publisher-substack.xml');
    expect(content).toContain('<a href="#tidings-c-footnote-1" id="tidings-c-footnote-anchor-1">1</a>');
    expect(content).toContain('<a href="#tidings-c-footnote-anchor-1" id="tidings-c-footnote-1">1</a>');
    expect(content).not.toMatch(/href="#[^"]*"[^>]*target=/);
    expect(content).toContain('<a href="https://slowletters.substack.com/p/earlier" rel="noopener noreferrer" target="_blank">');
  });

  it('Medium: the figure and its caption stay, the tracking pixel goes', () => {
    const { content, imageUrl } = article('publisher-medium.xml');
    expect(content).not.toContain('medium.com/_/stat');
    expect(content).toContain('<figure><img alt="A desk with a laptop" src="https://cdn-images-1.medium.com/max/1024/1*desk.jpeg"');
    expect(content).toContain('<figcaption>Photo by someone on Unsplash</figcaption>');
    expect(imageUrl).toBe('https://cdn-images-1.medium.com/max/1024/1*desk.jpeg');
  });

  it('YouTube: the description is the text with its links, the thumbnail the image, the video a nocookie embed above', () => {
    const { content, imageUrl, author, excerpt } = article('publisher-youtube.xml');
    expect(content).toMatch(
      /^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE" title="Building a dovetail joint by hand"/,
    );
    expect(content).toContain(
      '<a href="https://workshop.example.com/tools" rel="noopener noreferrer" target="_blank">https://workshop.example.com/tools</a>',
    );
    expect(content).toContain('>https://workshop.example.com/plans/dovetail.pdf</a>.');
    expect(content).not.toContain('<figure');
    expect(imageUrl).toBe('https://i2.ytimg.com/vi/M7lc1UVf-VE/hqdefault.jpg');
    expect(author).toBe('Workshop Hours');
    expect(excerpt).toMatch(/^Today we cut a through dovetail/);
  });

  it('audio podcast: the enclosure with its duration, the episode image and the itunes author', () => {
    const episode = article('publisher-podcast-audio.xml');
    expect(episode.enclosures).toEqual([
      { url: 'https://media.example.fm/quiethour/42.mp3', type: 'audio/mpeg', length: 40567123, durationSeconds: 2533 },
    ]);
    expect(episode.imageUrl).toBe('https://quiethour.example.fm/episodes/42.jpg');
    expect(episode.author).toBe('Mara Quint');
  });

  it('video podcast: a video enclosure longer than 2 GB and an hour', () => {
    expect(article('publisher-podcast-video.xml').enclosures).toEqual([
      { url: 'https://cdn.example.tv/handson/7.mp4', type: 'video/mp4', length: 3221225472, durationSeconds: 3930 },
    ]);
  });

  it('Mastodon: both photos shown under the text in a gallery', () => {
    const { content, imageUrl } = article('publisher-mastodon.xml');
    expect(content).toMatch(
      /<\/p><figure class="tidings-gallery"><img src="https:\/\/files\.social\.example\/[^"]*\/lake\.jpg"[^>]*><img src="[^"]*\/path\.jpg"[^>]*><\/figure>$/,
    );
    expect(imageUrl).toBe('https://files.social.example/media_attachments/files/112/233/original/lake.jpg');
  });

  it('comic: the title text becomes a caption under the image', () => {
    const { content } = article('publisher-comic.xml');
    expect(content).toBe(
      '<figure><img src="https://imgs.comic.example.com/comics/cache_invalidation.png" title="There are two hard problems: cache invalidation, naming things, and reading the title text on a phone." alt="Cache Invalidation" loading="lazy" /><figcaption>There are two hard problems: cache invalidation, naming things, and reading the title text on a phone.</figcaption></figure>',
    );
  });

  it('news site: http images kept, the comments page stored, a small author avatar not chosen as the image', () => {
    const news = article('publisher-news-http.xml');
    expect(news.content).toContain('src="http://www.valleygazette.example/images/bridge.jpg"');
    expect(news.commentsUrl).toBe('http://www.valleygazette.example/news/bridge-reopens#comments');
    expect(news.content).not.toContain('>Comments</a>'); // the reader names the comments page itself
    expect(news.imageUrl).toBe('http://www.valleygazette.example/images/bridge.jpg');
    expect(news.excerpt).toBe('The old stone bridge reopened on Monday after eight months of repairs.');
  });
});
