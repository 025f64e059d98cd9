import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../ui/cx';
import { inputClass } from '../../ui/TextField';
import { takeSearchFocusRequest } from '../keyboard/searchFocus';

/** Typing settles this long before the list follows, so each key press does not start a search. */
export const SEARCH_DEBOUNCE_MS = 300;

type Props = { value: string; onSearch: (text: string) => void; className?: string };

/**
 * The list's search input. It reports the text once typing pauses; Escape or the clear
 * button empties it at once. A change from outside (back, a cleared URL) replaces what it shows.
 */
export function ArticleSearchField({ value, onSearch, className }: Props) {
  const id = useId();
  const [text, setText] = useState(value);
  const [reported, setReported] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // A new value that is not the one this field reported came from elsewhere: show it. The field's own value
  // coming back is ignored, so keys typed while the list followed are kept.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== reported) {
      setText(value);
      setReported(value);
    }
  }
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  useEffect(() => {
    if (text === reported) return;
    const timer = setTimeout(() => {
      setReported(text);
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, reported]);

  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeSearchFocusRequest()) field.current?.focus();
  }, []);

  const clear = () => {
    setText('');
    if (reported) {
      setReported('');
      onSearchRef.current('');
    }
  };

  return (
    <div role="search" className={cx('relative min-w-0', className)}>
      <label htmlFor={id} className="sr-only">
        Search articles
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      <input
        ref={field}
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // A first Escape clears the text, the next hands the keys back to the list.
          if (text) {
            event.preventDefault();
            clear();
          } else event.currentTarget.blur();
        }}
        placeholder="Search articles"
        autoComplete="off"
        enterKeyHint="search"
        className={cx(inputClass(), 'h-10 pl-9 pr-9 text-sm [&::-webkit-search-cancel-button]:hidden')}
      />
      {text && (
        <button
          type="button"
          onClick={clear}
          aria-label="Clear search"
          className="absolute right-1 top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted hover:bg-sunken hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
