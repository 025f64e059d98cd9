import { describe, expect, it } from 'vitest';
import { conversationCount, mergeConversation, otherCopyFeedTitles } from './conversation';

const comment = (id: string, createdAt: string) => ({ id, createdAt });
const share = (id: string, createdAt: string, note: string | null) => ({ id, createdAt, note });

describe('mergeConversation', () => {
  it('merges comments and noted shares newest first, leaving out shares without a note', () => {
    const comments = [comment('c2', '2024-05-03T10:00:00.000Z'), comment('c1', '2024-05-01T10:00:00.000Z')];
    const shares = [
      share('s3', '2024-05-04T10:00:00.000Z', '   '),
      share('s2', '2024-05-02T10:00:00.000Z', 'Worth a read'),
      share('s1', '2024-04-30T10:00:00.000Z', null),
    ];
    expect(mergeConversation(comments, shares).map(({ kind, item }) => `${kind}:${item.id}`)).toEqual([
      'comment:c2',
      'share:s2',
      'comment:c1',
    ]);
  });

  it('keeps a comment before a share note of the same instant', () => {
    const when = '2024-05-01T10:00:00.000Z';
    expect(mergeConversation([comment('c', when)], [share('s', when, 'Same time')]).map(({ kind }) => kind)).toEqual(['comment', 'share']);
  });

  it('holds back share notes older than the last comment loaded while more comments are to come', () => {
    const comments = [comment('c2', '2024-05-03T10:00:00.000Z')];
    const shares = [share('s2', '2024-05-04T10:00:00.000Z', 'Newer'), share('s1', '2024-05-01T10:00:00.000Z', 'Older')];
    expect(mergeConversation(comments, shares, true).map(({ item }) => item.id)).toEqual(['s2', 'c2']);
    expect(mergeConversation(comments, shares, false).map(({ item }) => item.id)).toEqual(['s2', 'c2', 's1']);
  });
});

describe('conversationCount', () => {
  it('counts comments plus the shares that carry a note', () => {
    const shares = [
      share('a', '2024-05-01T00:00:00Z', 'Note'),
      share('b', '2024-05-01T00:00:00Z', ''),
      share('c', '2024-05-01T00:00:00Z', null),
    ];
    expect(conversationCount(1, shares)).toBe(2);
    expect(conversationCount(0, [])).toBe(0);
  });
});

describe('otherCopyFeedTitles', () => {
  it('maps the story’s other copies to their feed, leaving out the article being read', () => {
    const copies = [
      { id: 'a1', feedTitle: 'Example News' },
      { id: 'a2', feedTitle: 'The Guardian' },
      { id: 'a3', feedTitle: 'Hacker News' },
    ];
    expect([...otherCopyFeedTitles(copies, 'a1')]).toEqual([
      ['a2', 'The Guardian'],
      ['a3', 'Hacker News'],
    ]);
    expect(otherCopyFeedTitles([{ id: 'a1', feedTitle: 'Example News' }], 'a1').size).toBe(0);
  });
});
