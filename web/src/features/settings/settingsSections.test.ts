import { describe, expect, it } from 'vitest';
import { currentSection } from './settingsSections';

const at = (...tops: number[]) => tops.map((top, index) => ({ id: `s${index}`, top }));
const reading = { line: 140, atBottom: false, chosen: null };

describe('the settings section being read', () => {
  it('is the last section whose top has passed the line, else the first', () => {
    expect(currentSection(at(120, 900, 1600), reading)).toBe('s0');
    expect(currentSection(at(300, 900, 1600), reading)).toBe('s0');
    expect(currentSection(at(-700, 140, 800), reading)).toBe('s1');
    expect(currentSection(at(-1400, -600, 139), reading)).toBe('s2');
    expect(currentSection([], reading)).toBeNull();
  });

  it('at the bottom of the page is the section just jumped to, though it cannot rise to the line', () => {
    expect(currentSection(at(-900, 100, 500), { line: 140, atBottom: true, chosen: 's2' })).toBe('s2');
    expect(currentSection(at(-900, 100, 500), { line: 140, atBottom: true, chosen: 's1' })).toBe('s1');
  });

  it('at the bottom without a jump is the last section; a jump to a section not on the page is ignored', () => {
    expect(currentSection(at(-900, 100, 500), { line: 140, atBottom: true, chosen: null })).toBe('s2');
    expect(currentSection(at(-900, 100, 500), { line: 140, atBottom: true, chosen: 'gone' })).toBe('s2');
  });
});
