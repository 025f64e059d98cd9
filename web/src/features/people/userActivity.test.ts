import { describe, expect, it } from 'vitest';
import { userActivity } from './userActivity';

const labels = (counts: { sharesCount: number; commentsCount: number }) => userActivity(counts).map(({ label }) => label);

describe('userActivity', () => {
  it('says nothing of a user who has neither shared nor commented', () => {
    expect(labels({ sharesCount: 0, commentsCount: 0 })).toEqual([]);
  });

  it('shows only the counts above 0, shares first', () => {
    expect(labels({ sharesCount: 2, commentsCount: 0 })).toEqual(['2 shares']);
    expect(labels({ sharesCount: 0, commentsCount: 1 })).toEqual(['1 comment']);
    expect(labels({ sharesCount: 1, commentsCount: 1500 })).toEqual(['1 share', '1,500 comments']);
  });
});
