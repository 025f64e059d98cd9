import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, isVideo } from './episodeLength';

describe('episode lengths', () => {
  it('says running times as people do', () => {
    expect(formatDuration(2533)).toBe('42 min');
    expect(formatDuration(3930)).toBe('1 h 6 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(null)).toBeNull();
  });

  it('says sizes in decimal units', () => {
    expect(formatBytes(40567123)).toBe('40.6 MB');
    expect(formatBytes(3221225472)).toBe('3.22 GB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(null)).toBeNull();
  });

  it('tells video from audio by type', () => {
    expect(isVideo('video/mp4')).toBe(true);
    expect(isVideo('audio/mpeg')).toBe(false);
  });
});
