import { useEffect, useId, useState, type FormEvent } from 'react';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { inputClass } from '../../ui/TextField';
import type { RuleFormPreviewQuery } from './__generated__/RuleFormPreviewQuery.graphql';
import type { rulesScopeQuery as RulesScopeQuery } from './__generated__/rulesScopeQuery.graphql';
import { allSubscriptions, rulesScopeQuery } from './rulesScope';
import { ACTION_LABELS, FIELD_LABELS, previewLine, RULE_ACTIONS, RULE_FIELDS, type RuleAction, type RuleField } from './ruleText';
import { useSaveFilterRule, type RuleInput } from './useSaveFilterRule';

/** The longest pattern the server takes. */
const PATTERN_MAX = 500;
/** How long the form waits after the last keystroke before it asks for a preview. */
export const PREVIEW_DELAY_MS = 300;
/** How many of the preview's articles the form lists. */
const PREVIEW_TITLES = 5;

const previewQuery = graphql`
  query RuleFormPreviewQuery($input: FilterRuleInput!) {
    filterRulePreview(input: $input) {
      __typename
      ... on FilterRulePreview {
        examined
        affected
        articles {
          id
          title
          feedTitle
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** A rule as the form holds it: the scope is '' (everything), 'feed:<id>' or 'folder:<id>'. */
export type RuleDraft = {
  pattern: string;
  isRegex: boolean;
  fields: RuleField[];
  action: RuleAction;
  scope: string;
};

export const EMPTY_DRAFT: RuleDraft = { pattern: '', isRegex: false, fields: ['title', 'content'], action: 'hide', scope: '' };

/** The scope select's value for a rule's feed or folder. */
export function scopeValue(feedId: string | null | undefined, folderId: string | null | undefined): string {
  if (feedId) return `feed:${feedId}`;
  if (folderId) return `folder:${folderId}`;
  return '';
}

/** The API's input for a draft. */
export function ruleInput(draft: RuleDraft): RuleInput {
  const [kind, id] = draft.scope.split(':', 2);
  return {
    pattern: draft.pattern,
    isRegex: draft.isRegex,
    fields: RULE_FIELDS.filter((field) => draft.fields.includes(field)),
    action: draft.action,
    feedId: kind === 'feed' && id ? id : null,
    folderId: kind === 'folder' && id ? id : null,
  };
}

type Preview =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'refused'; message: string }
  | { state: 'failed' }
  | { state: 'shown'; examined: number; affected: number; articles: ReadonlyArray<{ id: string; title: string; feedTitle: string }> };

/**
 * Asks for the preview of a draft ~300 ms after it last changed. Until the answer for the draft as it is now arrives,
 * the last figures stay (marked stale), or it is loading.
 */
function useRulePreview(draft: RuleDraft): Preview & { stale?: boolean } {
  const environment = useRelayEnvironment();
  const [answer, setAnswer] = useState<{ key: string; preview: Preview } | null>(null);
  const key = JSON.stringify(ruleInput(draft));
  const empty = draft.pattern.trim() === '' || draft.fields.length === 0;
  useEffect(() => {
    if (empty) return;
    const input = JSON.parse(key) as RuleInput;
    let current = true;
    let subscription: { unsubscribe: () => void } | null = null;
    const timer = setTimeout(() => {
      subscription = fetchQuery<RuleFormPreviewQuery>(environment, previewQuery, { input }, { fetchPolicy: 'network-only' }).subscribe({
        next: (data) => {
          if (!current) return;
          const found = data.filterRulePreview;
          const preview: Preview =
            found.__typename === 'FilterRulePreview'
              ? { state: 'shown', examined: found.examined ?? 0, affected: found.affected ?? 0, articles: found.articles ?? [] }
              : { state: 'refused', message: found.message ?? 'This rule cannot be used' };
          setAnswer({ key, preview });
        },
        error: () => current && setAnswer({ key, preview: { state: 'failed' } }),
      });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [environment, key, empty]);
  if (empty) return { state: 'idle' };
  if (answer?.key === key) return answer.preview;
  return answer?.preview.state === 'shown' ? { ...answer.preview, stale: true } : { state: 'loading' };
}

type Props = {
  /** The rule being changed; null adds one. */
  ruleId: string | null;
  initial: RuleDraft;
  onDone: () => void;
  /** Where the form sits: a settings card's inner panel, or a dialog. */
  className?: string;
};

/**
 * The form of a rule: its pattern (words, or a regular expression), what it looks at, what it does and where,
 * with a live preview of what it would do among the last 200 articles of its scope; the server's refusal shows under
 * the pattern. Suspends until the viewer's feeds and folders are known (the sidebar has usually loaded them).
 */
export function RuleForm({ ruleId, initial, onDone, className }: Props) {
  const scopes = useLazyLoadQuery<RulesScopeQuery>(rulesScopeQuery, {}, { fetchPolicy: 'store-or-network' });
  const [draft, setDraft] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [save, saving] = useSaveFilterRule();
  const preview = useRulePreview(draft);
  const id = useId();
  const subscriptions = allSubscriptions(scopes);
  const change = (next: Partial<RuleDraft>) => {
    setDraft((before) => ({ ...before, ...next }));
    setRefusal(null);
  };
  const toggleField = (field: RuleField, on: boolean) =>
    change({ fields: on ? [...draft.fields, field] : draft.fields.filter((other) => other !== field) });
  const problem = refusal ?? (preview.state === 'refused' ? preview.message : null);
  const noFields = draft.fields.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.pattern.trim() === '') {
      setRefusal('Enter words to match, or a regular expression');
      return;
    }
    save(ruleId, ruleInput(draft), { onSaved: onDone, onRefused: setRefusal, onDone: () => undefined });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={ruleId ? 'Edit rule' : 'New rule'} className={cx('flex flex-col gap-4', className)}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-pattern`} className="text-sm font-medium text-ink">
          {draft.isRegex ? 'Regular expression' : 'Words or phrases'}
        </label>
        <input
          id={`${id}-pattern`}
          value={draft.pattern}
          onChange={(event) => change({ pattern: event.target.value })}
          maxLength={PATTERN_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder={draft.isRegex ? 'e.g. bit ?coin|crypto(currency)?' : 'e.g. crypto, super bowl'}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-pattern-hint`}
          className={cx(inputClass({ invalid: Boolean(problem) }), draft.isRegex && 'font-mono text-sm')}
        />
        <p id={`${id}-pattern-hint`} className={cx('text-sm', problem ? 'text-danger' : 'text-muted')}>
          {problem ??
            (draft.isRegex
              ? 'RE2 syntax, any case and accents; no backreferences or lookaround.'
              : 'Separate phrases with commas. Whole words, any case and accents: “cafe” matches “Café”.')}
        </p>
        <label className="flex min-h-9 cursor-pointer items-center gap-2.5 self-start text-sm text-ink">
          <input
            type="checkbox"
            checked={draft.isRegex}
            onChange={(event) => change({ isRegex: event.target.checked })}
            className="size-4.5 shrink-0 accent-accent"
          />
          Regular expression
        </label>
      </div>

      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-ink">Look at the article’s</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {RULE_FIELDS.map((field) => (
            <label key={field} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={draft.fields.includes(field)}
                onChange={(event) => toggleField(field, event.target.checked)}
                className="size-4.5 shrink-0 accent-accent"
              />
              <span className="first-letter:uppercase">{FIELD_LABELS[field]}</span>
            </label>
          ))}
        </div>
        {noFields && <p className="text-sm text-danger">Choose at least one part to look at.</p>}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-action`} className="text-sm font-medium text-ink">
            When it matches
          </label>
          <select
            id={`${id}-action`}
            value={draft.action}
            onChange={(event) => change({ action: event.target.value as RuleAction })}
            className={inputClass()}
          >
            {RULE_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-scope`} className="text-sm font-medium text-ink">
            Applies to
          </label>
          <select
            id={`${id}-scope`}
            value={draft.scope}
            onChange={(event) => change({ scope: event.target.value })}
            className={inputClass()}
          >
            <option value="">All your feeds</option>
            {scopes.folders.length > 0 && (
              <optgroup label="A folder">
                {scopes.folders.map((folder) => (
                  <option key={folder.id} value={`folder:${folder.id}`}>
                    {folder.name}
                  </option>
                ))}
              </optgroup>
            )}
            {subscriptions.length > 0 && (
              <optgroup label="A feed">
                {subscriptions.map((subscription) => (
                  <option key={subscription.id} value={`feed:${subscription.feed.id}`}>
                    {subscription.title}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
      </div>

      <RulePreview preview={preview} action={draft.action} />

      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary', 'sm')}>
          Cancel
        </button>
        <button type="submit" disabled={saving || noFields} className={buttonClass('primary', 'sm')}>
          {saving ? 'Saving…' : ruleId ? 'Save rule' : 'Add rule'}
        </button>
      </div>
    </form>
  );
}

/** The live preview: how many of the last articles the rule would act on, and the first few titles. */
function RulePreview({ preview, action }: { preview: Preview & { stale?: boolean }; action: RuleAction }) {
  if (preview.state === 'idle' || preview.state === 'refused') return null;
  return (
    <section
      aria-label="Preview"
      aria-live="polite"
      aria-busy={preview.stale ? true : undefined}
      className={cx('rounded-xl border border-line bg-canvas px-3.5 py-3 text-sm transition-opacity', preview.stale && 'opacity-60')}
    >
      {preview.state === 'loading' && <p className="text-muted">Trying it on your latest articles…</p>}
      {preview.state === 'failed' && <p className="text-muted">The preview could not be loaded.</p>}
      {preview.state === 'shown' && (
        <>
          <p className="font-medium text-ink">{previewLine(action, preview.affected, preview.examined)}</p>
          {preview.articles.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1.5">
              {preview.articles.slice(0, PREVIEW_TITLES).map((article) => (
                <li key={article.id} className="min-w-0">
                  <span className="line-clamp-2 break-words text-ink">{article.title}</span>
                  <span className="block truncate text-xs text-muted">{article.feedTitle}</span>
                </li>
              ))}
              {preview.affected > PREVIEW_TITLES && <li className="text-xs text-muted">and {preview.affected - PREVIEW_TITLES} more</li>}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
