import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { inputClass } from '../../ui/TextField';
import { addFeedReducer, emptyAddFeed, foundLegend, subscribeUrl } from './detectFeeds';
import { FeedsFormCard, useMounted } from './FeedsFormCard';
import { useDetectFeeds } from './useDetectFeeds';
import { useSubscribeToFeed } from './useSubscribeToFeed';

type Props = {
  /** The form element's id, for the button that opened it. */
  id?: string;
  /** The field takes the focus when the form opens and again whenever this changes (another request to add a feed). */
  focusRequest?: number;
  /** Cancel, Escape, or a feed subscribed: the form is done. */
  onClose: () => void;
};

/**
 * Add Feed, opened in place by its button: a URL, Detect to list the feeds found there as choices (exactly
 * one is chosen for the user), and Add Feed to subscribe with the chosen feed or the typed address.
 */
export function AddFeedForm({ id: formId, focusRequest = 0, onClose }: Props) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const mounted = useMounted();
  const [state, dispatch] = useReducer(addFeedReducer, emptyAddFeed);
  const [detectAt, detecting] = useDetectFeeds();
  const [subscribe, subscribing] = useSubscribeToFeed();
  const blank = state.url.trim() === '';
  const busy = detecting || subscribing;
  useEffect(() => field.current?.focus(), [focusRequest]);

  const detect = () => {
    const url = state.url.trim();
    if (!url || busy) return;
    detectAt(url, (found) => dispatch({ type: 'detected', url, found }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    subscribe(subscribeUrl(state), () => {
      dispatch({ type: 'subscribed' });
      // A form closed while its request was out leaves the focus where the reader has moved it since.
      if (mounted.current) onClose();
    });
  };

  return (
    <FeedsFormCard id={formId} name="Add feed" label="Feed or website URL" fieldId={id} noValidate onSubmit={submit} onClose={onClose}>
      <input
        ref={field}
        id={id}
        data-add-feed-field
        type="url"
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="example.com"
        className={inputClass({ compact: true })}
        value={state.url}
        onChange={(event) => dispatch({ type: 'typed', url: event.target.value })}
      />
      {state.found.length > 0 && (
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-muted">{foundLegend(state.found)}</legend>
          {state.found.map((feed) => (
            <label
              key={feed.url}
              className={cx(
                'flex gap-2.5 rounded-lg border px-2.5 py-2 text-sm transition-colors',
                feed.subscribed ? 'border-line opacity-70' : 'cursor-pointer',
                state.selected === feed.url ? 'border-accent bg-accent-soft' : !feed.subscribed && 'border-line hover:bg-sunken',
              )}
            >
              <input
                type="radio"
                name={`${id}-feed`}
                value={feed.url}
                checked={state.selected === feed.url}
                disabled={feed.subscribed}
                onChange={() => dispatch({ type: 'chose', url: feed.url })}
                className="mt-0.5 accent-[var(--accent)]"
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium text-ink">
                  {feed.title}
                  {feed.subscribed && <span className="text-xs font-normal text-muted"> Subscribed</span>}
                </span>
                {feed.description && <span className="line-clamp-2 text-xs text-muted">{feed.description}</span>}
                <span className="break-all text-xs text-muted">{feed.url}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex gap-2">
        {/* The longer words of a busy button take its icon's place, so both stay on one line in the sidebar. */}
        <button
          type="button"
          onClick={detect}
          disabled={blank || busy}
          className={buttonClass('secondary', 'sm', 'flex-1 gap-1.5 whitespace-nowrap px-2')}
        >
          {!detecting && <Search aria-hidden="true" className="size-4" />}
          {detecting ? 'Detecting...' : 'Detect'}
        </button>
        <button type="submit" disabled={blank || busy} className={buttonClass('primary', 'sm', 'flex-1 gap-1.5 whitespace-nowrap px-2')}>
          {!subscribing && <Plus aria-hidden="true" className="size-4" />}
          {subscribing ? 'Adding...' : 'Add Feed'}
        </button>
      </div>
    </FeedsFormCard>
  );
}
