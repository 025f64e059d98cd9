import { describe, expect, it } from 'vitest';
import { noteCounter, shareAudience, shareDraft } from './shareDraft';

describe('shareDraft', () => {
  it("starts from the viewer's own share, since sharing again updates it", () => {
    const shares = [
      { viewerIsSharer: false, note: 'Theirs', isPublic: false },
      { viewerIsSharer: true, note: 'Mine', isPublic: true },
    ];
    expect(shareDraft(shares)).toEqual({ note: 'Mine', isPublic: true });
  });

  it('is an empty private share when the viewer has not shared the article, or shared it without a note', () => {
    expect(shareDraft([{ viewerIsSharer: false, note: 'Theirs', isPublic: true }])).toEqual({ note: '', isPublic: false });
    expect(shareDraft([{ viewerIsSharer: true, note: null, isPublic: false }])).toEqual({ note: '', isPublic: false });
  });
});

describe('noteCounter', () => {
  it("reads 'n/1000 characters'", () => {
    expect(noteCounter('')).toBe('0/1000 characters');
    expect(noteCounter('Worth it')).toBe('8/1000 characters');
  });
});

describe('shareAudience', () => {
  it('says who will see a private and a public share', () => {
    expect(shareAudience(false)).toBe('Only your followers will see this share.');
    expect(shareAudience(true)).toBe('Everyone on this instance, and the public RSS feed.');
  });
});
