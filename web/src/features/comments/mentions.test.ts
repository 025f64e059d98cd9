import { describe, expect, it } from 'vitest';
import { insertMention, mentionSegments, mentionTrigger } from './mentions';

describe('the mention pattern', () => {
  const mentions = (text: string, known: string[]) =>
    mentionSegments(text, known).flatMap((segment) => (segment.kind === 'mention' ? [segment.text] : []));

  it('finds every @name, in any case, and not the domain of an e-mail address', () => {
    expect(mentions('@alice thanks, cc @bob_2 and @Alice (mail bob@example.com)', ['alice', 'bob_2', 'example'])).toEqual([
      '@alice',
      '@bob_2',
      '@Alice',
    ]);
  });

  it('reads a hyphenated username whole, and not a trailing hyphen', () => {
    expect(mentions('hi @mary-jane and @bob-', ['mary-jane', 'bob'])).toEqual(['@mary-jane', '@bob']);
  });
});

describe('mentionSegments', () => {
  it('splits the text into plain runs and mentions that join back into the text', () => {
    const text = 'Hi @alice, see @bob.';
    expect(mentionSegments(text, ['alice', 'bob'])).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@alice' },
      { kind: 'text', text: ', see ' },
      { kind: 'mention', text: '@bob' },
      { kind: 'text', text: '.' },
    ]);
    expect(
      mentionSegments('<b>@x</b>', ['x'])
        .map((segment) => segment.text)
        .join(''),
    ).toBe('<b>@x</b>');
  });

  it('highlights exactly the names the server resolved, in any case, and whole hyphenated names', () => {
    expect(mentionSegments('@Mary-Jane meets @nobody', ['mary-jane'])).toEqual([
      { kind: 'mention', text: '@Mary-Jane' },
      { kind: 'text', text: ' meets @nobody' },
    ]);
  });
});

describe('mentionTrigger', () => {
  const at = (text: string) => mentionTrigger(text, text.length);

  it('triggers after an @ in the current word while only word characters follow it', () => {
    expect(at('Hello @al')).toEqual({ start: 6, query: 'al' });
    expect(at('@')).toEqual({ start: 0, query: '' });
    expect(at('see (@bo_b2')).toEqual({ start: 5, query: 'bo_b2' });
    expect(at('Hello @mary-ja')).toEqual({ start: 6, query: 'mary-ja' });
  });

  it('does not trigger once the word ends or holds other characters after the @', () => {
    expect(at('Hello @al ')).toBeNull();
    expect(at('Hello @al.')).toBeNull();
    expect(at('Hello al')).toBeNull();
    expect(at('')).toBeNull();
  });

  it('looks at the word at the caret, not the end of the text', () => {
    expect(mentionTrigger('Hi @jo and more', 6)).toEqual({ start: 3, query: 'jo' });
    expect(mentionTrigger('Hi @jo and more', 10)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces the typed mention with @username and a space, keeping the text after the caret', () => {
    const text = 'Hi @jo, welcome';
    const trigger = mentionTrigger(text, 6)!;
    expect(insertMention(text, trigger, 6, 'joanna')).toEqual({ text: 'Hi @joanna , welcome', caret: 11 });
  });
});
