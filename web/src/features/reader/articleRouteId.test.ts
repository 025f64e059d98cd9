import { describe, expect, it } from 'vitest';
import { globalIdOfRestArticleId } from './articleRouteId';

describe('the article id in the web address', () => {
  it('turns a REST id (a UUID, any case) into the global id', () => {
    const uuid = '0b6e4d8e-6f0a-4c1e-9a51-3f7f8c2d1e00';
    const expected = Buffer.from(`Article:${uuid}`).toString('base64');
    expect(globalIdOfRestArticleId(uuid)).toBe(expected);
    expect(globalIdOfRestArticleId(uuid.toUpperCase())).toBe(expected);
  });

  it('leaves a global id, or anything else, as it is', () => {
    expect(globalIdOfRestArticleId(Buffer.from('Article:0b6e4d8e-6f0a-4c1e-9a51-3f7f8c2d1e00').toString('base64'))).toBeNull();
    expect(globalIdOfRestArticleId('not-an-id')).toBeNull();
  });
});
