import { describe, expect, it } from 'vitest';
import { byteSize } from './byteSize';
import { retentionText } from './ConfigurationTab';
import {
  duration,
  isUnfinished,
  megabytes,
  retentionHeadline,
  retentionTook,
  retentionTrigger,
  type RetentionRunFigures,
} from './retentionRun';

const DONE: RetentionRunFigures = {
  status: 'done',
  trigger: 'nightly',
  requestedBy: null,
  createdAt: '2026-12-04T03:07:00Z',
  startedAt: '2026-12-04T03:07:01Z',
  finishedAt: '2026-12-04T03:09:06Z',
  deleted: 12_345,
  freedBytes: 52_428_800,
  cutoff: '2026-06-07T03:07:01Z',
  reachedAt: '2026-06-07T02:59:30Z',
  error: null,
};

describe('retention in the admin panel', () => {
  it('says what the settings do', () => {
    expect(retentionText({ retentionDays: 0, retentionKeepPerFeed: 50 })).toBe('Every article is kept');
    expect(retentionText({ retentionDays: 180, retentionKeepPerFeed: 50 })).toBe(
      'Articles older than 180 days are deleted each night, unless someone starred, liked, shared, commented on or highlighted them; the newest 50 of each feed stay',
    );
  });

  it('says where a pass is, and what it did', () => {
    expect(retentionHeadline(null)).toBe('No retention pass has run yet.');
    expect(retentionHeadline({ ...DONE, status: 'queued', startedAt: null })).toBe('Waiting for the worker to start the pass…');
    expect(retentionHeadline({ ...DONE, status: 'running', reachedAt: null })).toBe('Deleting old articles, a thousand at a time…');
    expect(retentionHeadline({ ...DONE, status: 'running', reachedAt: '2025-03-12T12:00:00Z', cutoff: '2026-06-07T12:00:00Z' })).toBe(
      'Deleting old articles, a thousand at a time: done up to Mar 12, 2025 of those published before Jun 7, 2026…',
    );
    expect(retentionHeadline(DONE)).toBe('The last pass is done.');
    expect(retentionHeadline({ ...DONE, deleted: 0 })).toBe('The last pass found no article old enough and unkept.');
    expect(retentionHeadline({ ...DONE, deleted: 0, cutoff: null })).toBe('The last pass kept every article: retention is off.');
    expect(retentionHeadline({ ...DONE, status: 'failed', error: 'Stopped after 60 minutes', reachedAt: null })).toBe(
      'The last pass failed: Stopped after 60 minutes.',
    );
    expect(retentionHeadline({ ...DONE, status: 'failed', error: 'Stopped after 60 minutes', reachedAt: '2025-03-12T12:00:00Z' })).toBe(
      'The last pass failed: Stopped after 60 minutes. It had read the old articles up to Mar 12, 2025; what it deleted stays deleted.',
    );
    expect(isUnfinished({ status: 'queued' })).toBe(true);
    expect(isUnfinished({ status: 'running' })).toBe(true);
    expect(isUnfinished({ status: 'failed' })).toBe(false);
    expect(retentionTrigger(DONE)).toBe('Nightly');
    expect(retentionTrigger({ trigger: 'administrator', requestedBy: 'alice' })).toBe('@alice');
    expect(retentionTrigger({ trigger: 'administrator', requestedBy: null })).toBe('An administrator');
  });

  it('tells how long a pass took, or has taken so far', () => {
    expect(retentionTook(DONE, new Date())).toBe('2 min 5 s');
    expect(retentionTook({ startedAt: DONE.startedAt, finishedAt: null }, new Date('2026-12-04T03:07:43Z'))).toBe('42 s');
    expect(retentionTook({ startedAt: null, finishedAt: null }, new Date())).toBeNull();
    expect(duration(400)).toBe('under 1 s');
    expect(duration(7_500_000)).toBe('2 h 5 min');
  });

  it('gives sizes in megabytes for the space freed, and in the unit that fits for the database', () => {
    expect(megabytes(0)).toBe('0.0 MB');
    expect(megabytes(52_428_800)).toBe('50.0 MB');
    expect(megabytes(1_200_000_000)).toBe('1,144.4 MB');
    expect(byteSize(512)).toBe('512 bytes');
    expect(byteSize(8192)).toBe('8.0 KB');
    expect(byteSize(1_400_000_000)).toBe('1.3 GB');
  });
});
