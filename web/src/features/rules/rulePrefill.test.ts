import { describe, expect, it } from 'vitest';
import { distinctiveWords } from './rulePrefill';

describe('the words "Hide articles like this" proposes', () => {
  it('proposes the one most distinctive word, a run of names as one phrase', () => {
    expect(distinctiveWords('Why the Super Bowl halftime show was a disaster')).toBe('Super Bowl');
    expect(distinctiveWords('Bitcoin falls below 20000 as crypto markets slide')).toBe('Bitcoin');
    expect(distinctiveWords('How the European Central Bank sets rates')).toBe('European Central Bank');
  });

  it('keeps the longest uncommon words, in the title’s order, names first, when asked for more', () => {
    expect(distinctiveWords('Why the Super Bowl halftime show was a disaster', 3)).toBe('Super Bowl, halftime, disaster');
    expect(distinctiveWords('Bitcoin falls below 20000 as crypto markets slide', 3)).toBe('Bitcoin, crypto, markets');
  });

  it('leaves out numbers, short and common words, and repeats', () => {
    expect(distinctiveWords('Apple, apple and APPLE', 3)).toBe('Apple');
    expect(distinctiveWords('Ten reasons why 2024 mattered', 3)).toBe('Ten, reasons, mattered');
  });

  it('proposes the whole title as one phrase when no word of it is distinctive', () => {
    expect(distinctiveWords('News 4')).toBe('News 4');
    expect(distinctiveWords('The 10 best things of 2024, a review')).toBe('The 10 best things of 2024 a review');
    expect(distinctiveWords(`${'the '.repeat(30)}of`)).toBe('the '.repeat(20).trim());
  });

  it('drops possessives and keeps accented words whole', () => {
    expect(distinctiveWords('Café culture: Zoë’s guide', 3)).toBe('culture, Zoë, guide');
    expect(distinctiveWords('Crème brûlée recipes', 3)).toBe('Crème, brûlée, recipes');
  });

  it('proposes at most the number asked for', () => {
    expect(distinctiveWords('Elephants giraffes hippopotamus crocodiles antelopes', 2)).toBe('hippopotamus, crocodiles');
  });
});
