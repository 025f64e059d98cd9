import { describe, expect, it } from 'vitest';
import { findTopics } from './findTopics.ts';
import { FIXTURE_WEEK } from './fixtureWeek.ts';
import { normaliseWord, topicWords } from './keywords.ts';

describe('topic words', () => {
  it('drops markup, numbers and English stop words, and folds plurals', () => {
    const words = topicWords('<p>The <b>Batteries</b> of 2026 &amp; the rockets were said to be great</p>');
    expect(words).toEqual([
      { term: 'battery', written: 'batteries' },
      { term: 'rocket', written: 'rockets' },
    ]);
  });

  it('keeps words ending in -ss, -us and -is whole', () => {
    expect(['class', 'status', 'analysis', 'news'].map(normaliseWord)).toEqual(['class', 'status', 'analysis', 'new']);
  });
});

describe('findTopics', () => {
  it('finds the three known topics of the fixture week, with the articles behind each', () => {
    const topics = findTopics(FIXTURE_WEEK);
    const groups = topics.map((topic) => [...topic.articleIds].sort());
    expect(groups).toEqual([
      ['league-1', 'league-2', 'league-3', 'league-4'],
      ['mars-1', 'mars-2', 'mars-3', 'mars-4'],
      ['battery-1', 'battery-2', 'battery-3'],
    ]);
    expect(topics.map((topic) => topic.label)).toEqual(['League & Goal', 'Mars & Rocket', 'Recycling & Battery']);
    expect(topics[0]!.keywords).toContain('league');
    expect(topics[1]!.keywords).toContain('mars');
    expect(topics[2]!.keywords).toEqual(expect.arrayContaining(['recycling', 'lithium']));
  });

  it('gives the same topics whatever the order of the articles', () => {
    const reversed = findTopics([...FIXTURE_WEEK].reverse());
    const shuffled = findTopics([...FIXTURE_WEEK].sort((a, b) => (a.title.length % 5) - (b.title.length % 5)));
    expect(reversed).toEqual(findTopics(FIXTURE_WEEK));
    expect(shuffled).toEqual(findTopics(FIXTURE_WEEK));
  });

  it('leaves the articles about nothing else out; single-article topics only when asked, and only with shared words', () => {
    expect(findTopics(FIXTURE_WEEK).flatMap((topic) => topic.articleIds)).not.toContain('other-1');
    const singles = findTopics(FIXTURE_WEEK, { minArticles: 1, maxTopics: 100 }).filter((topic) => topic.articleIds.length === 1);
    // The sourdough recipe shares "water" with the rover's search; the desk tips and the umbrella share no word.
    expect(singles).toEqual([{ label: 'Water', keywords: ['water'], articleIds: ['other-1'] }]);
  });

  it('answers no topics for no articles, and at most maxTopics', () => {
    expect(findTopics([])).toEqual([]);
    expect(findTopics(FIXTURE_WEEK, { maxTopics: 1 })).toHaveLength(1);
  });

  it('groups 300 articles in under two seconds, even on a busy machine', () => {
    const many = Array.from({ length: 300 }, (_, index) => ({ ...FIXTURE_WEEK[index % FIXTURE_WEEK.length]!, id: `a-${index}` }));
    const start = performance.now();
    findTopics(many);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
