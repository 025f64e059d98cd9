import { describe, expect, it } from 'vitest';
import { buildLabelledSet } from './buildLabelledSet.ts';
import { prepare, readLabelledSet, score } from './labelledSet.ts';

// The figures npm run bench:stories reports, held in CI: a change to the rules that merges what a person keeps
// apart, or stops finding copies, fails here.
const MIN_PRECISION = 0.98;
const MIN_RECALL = 0.9;

describe('story matching on the labelled set', () => {
  const set = readLabelledSet();

  it('is what its cases build, with at least 150 pairs of both labels', () => {
    expect(set).toEqual(buildLabelledSet());
    expect(set.pairs.length).toBeGreaterThanOrEqual(150);
    expect(set.pairs.filter((pair) => pair.same).length).toBeGreaterThanOrEqual(60);
    expect(set.pairs.filter((pair) => !pair.same).length).toBeGreaterThanOrEqual(60);
  });

  it(`keeps precision at ${MIN_PRECISION} and recall at ${MIN_RECALL} or above`, () => {
    const { pairs, options } = prepare(set);
    const result = score(pairs, options);
    const wrong = result.mistakes.map(
      ({ pair, rule }) => `${pair.same ? 'missed' : `merged by ${rule}`}: ${pair.kind} — ${pair.a.title} / ${pair.b.title}`,
    );
    expect({ precision: result.precision >= MIN_PRECISION, recall: result.recall >= MIN_RECALL, wrong }).toMatchObject({
      precision: true,
      recall: true,
    });
  });

  it('finds every rule at work, each precise on its own', () => {
    const { pairs, options } = prepare(set);
    const { byRule } = score(pairs, options);
    for (const rule of ['address', 'guid', 'text'] as const) {
      expect(byRule[rule].correct, rule).toBeGreaterThan(0);
      expect(byRule[rule].precision, rule).toBeGreaterThanOrEqual(MIN_PRECISION - 0.05);
    }
  });

  it('fails a matcher that merges everything and one that merges nothing', () => {
    const { pairs, options } = prepare(set);
    expect(score(pairs, options, () => ({ rule: 'text' })).precision).toBeLessThan(MIN_PRECISION);
    expect(score(pairs, options, () => null).recall).toBeLessThan(MIN_RECALL);
  });
});
