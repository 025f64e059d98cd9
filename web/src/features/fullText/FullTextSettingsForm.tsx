import { useEffect, useId, useState, type FormEvent } from 'react';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { inputClass, TextField } from '../../ui/TextField';
import type { FullTextSettingsFormQuery } from './__generated__/FullTextSettingsFormQuery.graphql';
import { FULL_TEXT_POLL } from './fullTextReader';
import { useSaveFullTextSettings } from './useUpdateFullTextSettings';

const settingsQuery = graphql`
  query FullTextSettingsFormQuery($id: ID!) {
    node(id: $id) {
      __typename
      ... on FeedSubscription {
        id
        title
        fullText
        sendsExcerpts
        fullTextRules {
          contentSelector
          removeSelectors
        }
        fullTextProgress {
          pending
          done
          failed
        }
      }
    }
  }
`;

type Draft = { fullText: boolean; contentSelector: string; remove: string };

/** The selectors of the “Remove from the page” box: one a line, blank lines left out. */
export function selectorLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Which field a refusal is about: the one whose selector it names (“[[” is not a CSS selector), else by its words. */
export function refusedField(message: string, draft: Draft): 'contentSelector' | 'remove' {
  const selector = draft.contentSelector.trim();
  if (selector && message.includes(`“${selector}”`)) return 'contentSelector';
  if (selectorLines(draft.remove).some((line) => message.includes(`“${line}”`)) || /remove/i.test(message)) return 'remove';
  return 'contentSelector';
}

/** How far the feed's recent full articles have been read: “12 recent articles read · 3 to go · 1 failed”. */
export function progressLine({ pending, done, failed }: { pending: number; done: number; failed: number }): string {
  return [
    `${done} recent ${done === 1 ? 'article' : 'articles'} read`,
    ...(pending > 0 ? [`${pending} to go`] : []),
    ...(failed > 0 ? [`${failed} failed`] : []),
  ].join(' · ');
}

/**
 * The form of a subscription's full-article settings: always show the full article, and the feed's site rules (the
 * article's selector, what to remove first). Saved together; the server's refusal shows at the field it names. It
 * stays open after saving to show the reading's progress, looked at again every two seconds while articles are queued.
 */
export function FullTextSettingsForm({ subscriptionId, onDone }: { subscriptionId: string; onDone: () => void }) {
  const environment = useRelayEnvironment();
  const { node } = useLazyLoadQuery<FullTextSettingsFormQuery>(settingsQuery, { id: subscriptionId }, { fetchPolicy: 'store-and-network' });
  const subscription = node?.__typename === 'FeedSubscription' ? node : null;
  const saved: Draft = {
    fullText: subscription?.fullText ?? false,
    contentSelector: subscription?.fullTextRules.contentSelector ?? '',
    remove: subscription?.fullTextRules.removeSelectors.join('\n') ?? '',
  };
  const [draft, setDraft] = useState(saved);
  const [refusal, setRefusal] = useState<{ field: 'contentSelector' | 'remove'; message: string } | null>(null);
  const [save, saving] = useSaveFullTextSettings();
  const id = useId();
  const pending = subscription?.fullTextProgress.pending ?? 0;

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(
      () => fetchQuery(environment, settingsQuery, { id: subscriptionId }, { fetchPolicy: 'network-only' }).subscribe({}),
      FULL_TEXT_POLL.everyMs,
    );
    return () => clearInterval(timer);
  }, [environment, subscriptionId, pending]);

  if (!subscription) return <p className="py-6 text-sm text-muted">This feed is no longer among your subscriptions.</p>;

  const change = (next: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...next }));
    setRefusal(null);
  };
  const changed =
    draft.fullText !== saved.fullText || draft.contentSelector.trim() !== saved.contentSelector || draft.remove.trim() !== saved.remove;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = draft;
    save(
      {
        id: subscription.id,
        fullText: sent.fullText,
        contentSelector: sent.contentSelector.trim() || null,
        removeSelectors: selectorLines(sent.remove),
      },
      {
        onSaved: () => setDraft({ ...sent, contentSelector: sent.contentSelector.trim(), remove: selectorLines(sent.remove).join('\n') }),
        onRefused: (message) => setRefusal({ field: refusedField(message, sent), message }),
      },
    );
  };
  const { done, failed } = subscription.fullTextProgress;

  return (
    <form onSubmit={submit} noValidate aria-label="Full-article settings" className="flex flex-col gap-4">
      <label className="flex cursor-pointer items-start gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          checked={draft.fullText}
          onChange={(event) => change({ fullText: event.target.checked })}
          className="mt-0.5 size-4.5 shrink-0 accent-accent"
        />
        <span>
          <span className="font-medium">Always show the full article</span>
          <span className="block text-muted">
            {subscription.sendsExcerpts
              ? 'This feed sends excerpts: its articles are read from their pages.'
              : 'Its articles are read from their pages as they arrive.'}
          </span>
        </span>
      </label>

      <TextField
        label="Content selector"
        optional
        value={draft.contentSelector}
        onChange={(event) => change({ contentSelector: event.target.value })}
        placeholder="article .post-body"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        hint="Leave empty to let Tidings find the article."
        error={refusal?.field === 'contentSelector' ? refusal.message : undefined}
        className="[&_input]:font-mono [&_input]:text-sm"
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-remove`} className="text-sm font-medium text-ink">
          Remove from the page <span className="ml-1.5 font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-remove`}
          value={draft.remove}
          onChange={(event) => change({ remove: event.target.value })}
          rows={3}
          spellCheck={false}
          placeholder={'.newsletter-signup\naside.related'}
          aria-invalid={refusal?.field === 'remove' ? true : undefined}
          aria-describedby={`${id}-remove-hint`}
          className={cx(inputClass({ invalid: refusal?.field === 'remove' }), 'h-auto py-2 font-mono text-sm')}
        />
        <p id={`${id}-remove-hint`} className={cx('text-sm', refusal?.field === 'remove' ? 'text-danger' : 'text-muted')}>
          {refusal?.field === 'remove' ? refusal.message : 'One CSS selector a line, taken out before the article is looked for.'}
        </p>
      </div>

      {done + pending + failed > 0 && (
        <p aria-live="polite" className="rounded-xl border border-line bg-canvas px-3.5 py-2.5 text-sm text-ink">
          {progressLine(subscription.fullTextProgress)}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary', 'sm')}>
          Close
        </button>
        <button type="submit" disabled={saving || !changed} className={buttonClass('primary', 'sm')}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
