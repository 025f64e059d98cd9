import { describe, expect, it } from 'vitest';
import { withoutBoilerplate } from './boilerplate.ts';

describe('withoutBoilerplate', () => {
  it('drops WordPress, Reddit and lone comment-link endings, keeping the text', () => {
    expect(withoutBoilerplate('Warm days. The post Tomatoes appeared first on Garden Notes.')).toBe('Warm days.');
    expect(withoutBoilerplate('The post office opened. The post News appeared first on example.com.')).toBe('The post office opened.');
    expect(withoutBoilerplate('A photo submitted by /u/someone to r/pics [link] [comments]')).toBe('A photo');
    expect(withoutBoilerplate('submitted by /u/someone [link] [comments]')).toBe('');
    expect(withoutBoilerplate('Comments')).toBe('');
    expect(withoutBoilerplate('Read the story. Comments')).toBe('Read the story.');
    expect(withoutBoilerplate('No comments here')).toBe('No comments here');
  });
});
