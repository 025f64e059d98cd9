import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleSearchField, SEARCH_DEBOUNCE_MS } from './ArticleSearchField';

describe('article search field', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const field = () => screen.getByRole('searchbox', { name: 'Search articles' });

  it('reports the text once typing pauses, not on every key', () => {
    const onSearch = vi.fn();
    render(<ArticleSearchField value="" onSearch={onSearch} />);
    fireEvent.change(field(), { target: { value: 'ru' } });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(field(), { target: { value: 'rust' } });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('rust');
  });

  it('keeps keys typed while its own value comes back, and shows a value set elsewhere', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<ArticleSearchField value="" onSearch={onSearch} />);
    fireEvent.change(field(), { target: { value: 'rust' } });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    fireEvent.change(field(), { target: { value: 'rust l' } });
    rerender(<ArticleSearchField value="rust" onSearch={onSearch} />);
    expect(field()).toHaveProperty('value', 'rust l');
    rerender(<ArticleSearchField value="go" onSearch={onSearch} />);
    expect(field()).toHaveProperty('value', 'go');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('rust');
  });

  it('empties at once on Escape', () => {
    const onSearch = vi.fn();
    render(<ArticleSearchField value="rust" onSearch={onSearch} />);
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field()).toHaveProperty('value', '');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
  });
});
