import Search from 'lucide-react/icons/search';
import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../ui/cx';
import { inputClass } from '../../ui/TextField';
import { SEARCH_DEBOUNCE_MS } from '../articles/ArticleSearchField';

/** The Highlights screen's search: it reports the text once typing pauses; Escape empties it. */
export function HighlightsSearchField({ onSearch, className }: { onSearch: (text: string) => void; className?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  const reported = useRef('');
  useEffect(() => {
    if (text === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = text;
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div role="search" className={cx('relative min-w-0', className)}>
      <label htmlFor={id} className="sr-only">
        Search highlights
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
          }
        }}
        placeholder="Search highlights and notes"
        autoComplete="off"
        enterKeyHint="search"
        className={cx(inputClass(), 'h-10 pl-9 text-sm')}
      />
    </div>
  );
}
