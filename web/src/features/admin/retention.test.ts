import { describe, expect, it } from 'vitest';
import { retentionText } from './ConfigurationTab';
import { retentionOutcomeText } from './RunRetention';

describe('retention in the admin panel', () => {
  it('says what the settings do', () => {
    expect(retentionText({ retentionDays: 0, retentionKeepPerFeed: 50 })).toBe('Every article is kept');
    expect(retentionText({ retentionDays: 180, retentionKeepPerFeed: 50 })).toBe(
      'Articles older than 180 days are deleted each night, unless someone starred, liked, shared, commented on or highlighted them; the newest 50 of each feed stay',
    );
  });

  it('says what a pass did', () => {
    expect(retentionOutcomeText({ deleted: 0, batches: 0, freedBytes: 0, cutoff: null })).toBe('Retention is off: every article is kept.');
    expect(retentionOutcomeText({ deleted: 0, batches: 0, freedBytes: 0, cutoff: '2026-06-01T00:00:00Z' })).toBe(
      'No article was old enough and unkept: nothing was deleted.',
    );
    expect(retentionOutcomeText({ deleted: 1, batches: 1, freedBytes: 3000, cutoff: '2026-06-01T00:00:00Z' })).toBe(
      '1 article deleted (3 KB of rows).',
    );
    expect(retentionOutcomeText({ deleted: 12_345, batches: 13, freedBytes: 52_428_800, cutoff: '2026-06-01T00:00:00Z' })).toBe(
      '12,345 articles deleted (50.0 MB of rows).',
    );
  });
});
