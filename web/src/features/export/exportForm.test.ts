import { describe, expect, it } from 'vitest';
import { INITIAL_DRAFT, draftProblem, rangeLabel } from './exportForm';

describe('the export form', () => {
  it('starts with only Liked on, for the last 7 days, as a PDF', () => {
    expect(INITIAL_DRAFT).toMatchObject({ format: 'pdf', days: 7, includeLiked: true, includeShared: false, includeDigest: false });
    expect(draftProblem(INITIAL_DRAFT)).toBeNull();
  });

  it('asks for a source, and for a digest when Weekly Digest is on', () => {
    expect(draftProblem({ ...INITIAL_DRAFT, includeLiked: false })).toBe('Please select at least one content source');
    expect(draftProblem({ ...INITIAL_DRAFT, includeDigest: true })).toBe('Please select a digest');
    expect(draftProblem({ ...INITIAL_DRAFT, includeDigest: true, digestId: 'd1' })).toBeNull();
  });

  it('names the ranges', () => {
    expect([7, 365].map(rangeLabel)).toEqual(['Last 7 days', 'Last year']);
  });
});
