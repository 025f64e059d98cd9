import { findTopics, type Topic } from '../topics/findTopics.ts';
import type { InstanceActivity } from './instanceActivity.ts';
import { articleLink, commentParagraph, escapeMarkdown, subscribeLink } from './markdown.ts';
import type { PersonalActivity, WeekArticle, WeekHighlight } from './personalActivity.ts';

/** A digest before it is stored: what the list and the detail show, and the metadata behind it. */
export type DigestDraft = { title: string; summary: string; content: string; metadata: Record<string, unknown> };

const TOPICS_MAX = 5;
const ARTICLES_PER_TOPIC = 5;

const TOPICS_NOTE = commentParagraph(
  'Topics were found on this instance from the titles and text of the articles, by shared keywords; no outside service saw them.',
);

/** The personal digest of a week: counts, topics, connections, discovery, social, and what the circle shared most. */
export function personalDigest(activity: PersonalActivity, period: string): DigestDraft {
  const { counts, articles, suggestions, social, circleShared, highlights } = activity;
  const topics = findTopics(articles, { maxTopics: TOPICS_MAX });
  const byId = new Map(articles.map((article) => [article.id, article]));
  const connections = topics.filter((topic) => new Set(topic.articleIds.map((id) => byId.get(id)!.feedId)).size > 1);
  const sections = [
    TOPICS_NOTE,
    `**${plural(counts.reads, 'read')} · ${plural(counts.likes, 'like')} · ${plural(counts.shares, 'share')} · ${counts.starred} starred**`,
    '## What you read about',
    topics.length > 0 ? topics.map((topic) => topicSection(topic, byId)).join('\n\n') : 'Not enough reading this week to find its topics.',
    '## Topic Connections',
    connections.length > 0
      ? connections.map((topic) => `- ${connectionLine(topic, byId)}`).join('\n')
      : 'No topic ran across more than one of your feeds this week.',
    '## Discovery & Exploration',
    suggestions.length > 0
      ? suggestions
          .map((feed) => `- ${subscribeLink(feed)}: read or shared by ${plural(feed.people, 'person', 'people')} you follow`)
          .join('\n')
      : 'Nothing new from the people you follow this week: follow more readers to get suggestions here.',
    '## Social Engagement',
    social.length > 0
      ? social
          .map(
            (event) =>
              `- @${escapeMarkdown(event.username)} ${event.kind === 'comment' ? 'commented on' : 'shared'} ${articleLink({ id: event.articleId, title: event.title })}`,
          )
          .join('\n')
      : 'No comments or shares around your reading this week.',
    '## Most shared by people you follow',
    circleShared.length > 0
      ? circleShared
          .map(
            (article, index) =>
              `${index + 1}. ${articleLink(article)} (*${escapeMarkdown(article.feedTitle)}*): shared by ${plural(article.people, 'person', 'people')} you follow`,
          )
          .join('\n')
      : 'The people you follow shared nothing this week.',
    '## Your highlights this week',
    highlights.length > 0
      ? highlights.map((highlight) => `- ${highlightLine(highlight)}`).join('\n')
      : 'You highlighted nothing this week: select a passage while reading to keep it.',
  ];
  const about = topics.slice(0, 2).map((topic) => topic.label);
  const total = counts.reads + counts.likes + counts.shares + counts.starred;
  const summary =
    total === 0
      ? 'A quiet week: no reading recorded.'
      : `You read ${plural(counts.reads, 'article')}${about.length > 0 ? `, mostly about ${about.join(' and ')}` : ''}.`;
  return {
    title: `Your week in reading, ${period}`,
    summary,
    content: sections.join('\n\n'),
    metadata: { ...counts, topics: topics.map(topicMetadata), connections: connections.map((topic) => topic.label), suggestions },
  };
}

/** A highlight as a digest line: the passage (its first 300 characters) in quotes, its article, its note in italics. */
function highlightLine(highlight: WeekHighlight): string {
  const passage = escapeMarkdown(highlight.exact.length > 300 ? `${highlight.exact.slice(0, 299)}…` : highlight.exact);
  const note = highlight.note ? ` — *${escapeMarkdown(highlight.note)}*` : '';
  return `“${passage}” in ${articleLink({ id: highlight.articleId, title: highlight.title })}${note}`;
}

/** The instance-wide digest of a week: totals, most shared articles, new feeds and topics. */
export function instanceDigest(activity: InstanceActivity, period: string): DigestDraft {
  const { counts, mostShared, newFeeds, articles } = activity;
  const topics = findTopics(articles, { maxTopics: TOPICS_MAX });
  const byId = new Map(articles.map((article) => [article.id, article]));
  const sections = [
    TOPICS_NOTE,
    `**${plural(counts.totalReads, 'read')} · ${plural(counts.totalShares, 'share')} · ${plural(counts.activeUsers, 'active reader')}**`,
    '## Most shared articles',
    mostShared.length > 0
      ? mostShared
          .map(
            (article, index) =>
              `${index + 1}. ${articleLink(article)} (*${escapeMarkdown(article.feedTitle)}*): ${plural(article.shares, 'share')}`,
          )
          .join('\n')
      : 'Nothing was shared this week.',
    '## New feeds',
    newFeeds.length > 0
      ? newFeeds.map((feed) => `- ${subscribeLink(feed)}: ${plural(feed.subscribers, 'subscriber')}`).join('\n')
      : 'No new feeds this week.',
    '## Topics of the week',
    topics.length > 0 ? topics.map((topic) => topicSection(topic, byId)).join('\n\n') : 'Not enough reading this week to find its topics.',
  ];
  const about = topics.slice(0, 2).map((topic) => topic.label);
  return {
    title: `The week on the instance, ${period}`,
    summary: `${plural(counts.activeUsers, 'reader')} read ${plural(counts.totalReads, 'article')} and shared ${counts.totalShares}${about.length > 0 ? `; the week was about ${about.join(' and ')}` : ''}.`,
    content: sections.join('\n\n'),
    metadata: { ...counts, topics: topics.map(topicMetadata), mostShared, newFeeds },
  };
}

function topicSection(topic: Topic, byId: Map<string, WeekArticle>): string {
  const articles = topic.articleIds.slice(0, ARTICLES_PER_TOPIC).map((id) => byId.get(id)!);
  return [
    `### ${escapeMarkdown(topic.label)}`,
    `*${topic.keywords.map(escapeMarkdown).join(', ')}*`,
    '',
    ...articles.map((article) => `- ${articleLink(article)} (*${escapeMarkdown(article.feedTitle)}*)`),
  ].join('\n');
}

function connectionLine(topic: Topic, byId: Map<string, WeekArticle>): string {
  // One article per feed: the connection is that different sources wrote about the same thing.
  const perFeed = new Map<string, WeekArticle>();
  for (const id of topic.articleIds) {
    const article = byId.get(id)!;
    if (!perFeed.has(article.feedId)) perFeed.set(article.feedId, article);
  }
  const links = [...perFeed.values()].slice(0, 3).map((article) => `${articleLink(article)} (*${escapeMarkdown(article.feedTitle)}*)`);
  return `**${escapeMarkdown(topic.label)}** across ${plural(perFeed.size, 'feed')}: ${links.join(', ')}`;
}

function topicMetadata(topic: Topic) {
  return { label: topic.label, keywords: topic.keywords, articleIds: topic.articleIds };
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
