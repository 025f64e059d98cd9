import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../ui/cx';
import { insertMention, mentionTrigger } from './mentions';
import { useMentionSuggestions, type MentionSuggestion } from './useMentionSuggestions';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'role'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The one textarea style of comments and notes. */
export const textareaClass =
  'block w-full resize-y rounded-lg border border-line bg-surface px-3 py-2.5 text-[0.95rem] leading-relaxed text-ink ' +
  'placeholder:text-muted/80 transition-colors hover:border-muted/50 focus:border-focus focus:outline-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0';

/**
 * A textarea that suggests people to @mention: while the word at the caret is an '@' and word
 * characters, up to 5 matching users are offered in a listbox (WAI-ARIA combobox pattern). ArrowDown and
 * ArrowUp move through them, Enter or Tab inserts the highlighted one, Escape closes the list; a click inserts too.
 */
export function MentionTextarea({ value, onValueChange, onKeyDown, className, ...textarea }: Props) {
  const listId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // Where the caret is while the field has focus; null when it has none, so the list closes on leaving it.
  const [caret, setCaret] = useState<number | null>(null);
  // The '@' whose list Escape closed: it stays closed until another mention is started.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const caretAfterInsert = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const trigger = caret === null ? null : mentionTrigger(value, caret);
  const typing = trigger && trigger.start !== dismissedAt ? trigger : null;
  const suggestions = useMentionSuggestions(typing?.query ?? null);
  const open = typing !== null && suggestions.length > 0;
  const active = Math.min(highlighted, suggestions.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useLayoutEffect(() => {
    const position = caretAfterInsert.current;
    if (position === null || !field.current) return;
    caretAfterInsert.current = null;
    field.current.setSelectionRange(position, position);
  }, [value]);

  // The field is often the last thing on the page (a comment under the article): the list it opens below is scrolled
  // into view, clear of the phone's bottom navigation (its scroll margin).
  useLayoutEffect(() => {
    if (open) list.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  const choose = (user: MentionSuggestion) => {
    if (!typing || caret === null) return;
    const next = insertMention(value, typing, caret, user.username);
    caretAfterInsert.current = next.caret;
    setCaret(next.caret);
    onValueChange(next.text);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step !== 0) {
        event.preventDefault();
        setHighlighted((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        choose(suggestions[active]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closing the list is all Escape does here: it must not also cancel an edit or leave the reader.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(typing.start);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <textarea
        ref={field}
        {...textarea}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        className={cx(textareaClass, className)}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          const position = event.target.selectionStart;
          setCaret(position);
          setHighlighted(0);
          if (!mentionTrigger(next, position)) setDismissedAt(null);
          onValueChange(next);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onFocus={(event) => setCaret(event.currentTarget.selectionStart)}
        onBlur={() => setCaret(null)}
        onKeyDown={keyDown}
      />
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 top-full z-30 mt-1 scroll-mb-24 rounded-xl border border-line bg-surface p-1.5 shadow-card sm:right-auto sm:w-80 lg:scroll-mb-4"
        >
          {suggestions.map((user, index) => (
            <li
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus (and so the caret) in the textarea while the pointer chooses.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlighted(index)}
              onClick={() => choose(user)}
              className={cx(
                'flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm',
                index === active ? 'bg-accent-soft' : 'hover:bg-sunken',
              )}
            >
              <span className="truncate font-medium text-ink">{user.name}</span>
              <span className="truncate text-xs text-muted">@{user.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
