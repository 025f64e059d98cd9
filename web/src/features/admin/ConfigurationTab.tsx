import { INSTANCE_DESCRIPTION_MAX, INSTANCE_NAME_MAX } from '@tidings/shared/limits';
import Pencil from 'lucide-react/icons/pencil';
import { useId, useState, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { formatNumber } from '../../ui/counts';
import { cx } from '../../ui/cx';
import { inputClass, TextField } from '../../ui/TextField';
import type { ConfigurationTabQuery } from './__generated__/ConfigurationTabQuery.graphql';
import { maxUsersFromText } from './maxUsers';
import { RunRetention } from './RunRetention';
import { useUpdateInstanceConfig, type InstanceConfigDraft } from './useUpdateInstanceConfig';

const query = graphql`
  query ConfigurationTabQuery {
    instanceConfig {
      name
      description
      allowRegistration
      maxUsers
      retentionDays
      retentionKeepPerFeed
    }
    ...RunRetention_query
  }
`;

/**
 * The Configuration tab: the instance's settings in view mode; Edit enters edit mode, Save
 * Changes persists and returns to view mode, Cancel puts back the saved values. Loaded afresh each time it is shown.
 */
export function ConfigurationTab() {
  const data = useLazyLoadQuery<ConfigurationTabQuery>(query, {}, { fetchPolicy: 'network-only' });
  const { instanceConfig } = data;
  const [editing, setEditing] = useState(false);
  // Refused or failed: the tab's error boundary says 'Failed to load config'.
  if (!instanceConfig) throw new Error('Failed to load config');
  return (
    <section aria-labelledby="configuration-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6">
      <header className="mb-5 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="configuration-heading" className="font-serif text-xl font-semibold leading-tight text-ink">
            Instance configuration
          </h2>
          <p className="mt-1 text-sm text-muted">Who may register, how the instance presents itself, and how long articles stay.</p>
        </div>
        {!editing && (
          <button type="button" onClick={() => setEditing(true)} className={buttonClass('secondary', 'sm')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
        )}
      </header>
      {editing ? (
        <ConfigurationForm saved={instanceConfig} onDone={() => setEditing(false)} />
      ) : (
        <>
          <ConfigurationView config={instanceConfig} />
          <RunRetention query={data} />
        </>
      )}
    </section>
  );
}

function ConfigurationView({ config }: { config: InstanceConfigDraft }) {
  const rows = [
    ['Instance name', config.name],
    ['Description', config.description || <span className="text-muted">No description</span>],
    ['Registration', config.allowRegistration ? 'Open to anyone with an invite code' : 'Closed'],
    ['Max users', config.maxUsers === 0 ? 'Unlimited' : formatNumber(config.maxUsers)],
    ['Retention', retentionText(config)],
  ] as const;
  return (
    <dl className="divide-y divide-line">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-muted">{term}</dt>
          <dd className="whitespace-pre-line break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the retention settings do, in words. */
export function retentionText({
  retentionDays,
  retentionKeepPerFeed,
}: Pick<InstanceConfigDraft, 'retentionDays' | 'retentionKeepPerFeed'>): string {
  if (retentionDays === 0) return 'Every article is kept';
  return `Articles older than ${formatNumber(retentionDays)} days are deleted each night, unless someone starred, liked, shared, commented on or highlighted them; the newest ${formatNumber(retentionKeepPerFeed)} of each feed stay`;
}

function ConfigurationForm({ saved, onDone }: { saved: InstanceConfigDraft; onDone: () => void }) {
  const [draft, setDraft] = useState({
    ...saved,
    maxUsers: String(saved.maxUsers),
    retentionDays: String(saved.retentionDays),
    retentionKeepPerFeed: String(saved.retentionKeepPerFeed),
  });
  const [save, saving] = useUpdateInstanceConfig();
  const descriptionId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(
      {
        ...draft,
        maxUsers: maxUsersFromText(draft.maxUsers),
        // A field left empty keeps its saved value; the server says what is wrong with any other number.
        retentionDays: draft.retentionDays.trim() === '' ? saved.retentionDays : Number(draft.retentionDays),
        retentionKeepPerFeed: draft.retentionKeepPerFeed.trim() === '' ? saved.retentionKeepPerFeed : Number(draft.retentionKeepPerFeed),
      },
      onDone,
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Instance name"
        required
        maxLength={INSTANCE_NAME_MAX}
        hint="Shown in page titles, the public RSS feed and e-mails"
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-ink">
          Description
          <span className="ml-1.5 font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={INSTANCE_DESCRIPTION_MAX}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          className={cx(inputClass(), 'h-auto py-2')}
        />
      </div>
      <label className="flex items-center justify-between gap-4">
        <span>
          <span className="block font-medium text-ink">Allow registration</span>
          <span className="block text-sm text-muted">When off, no invite code registers a new account.</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={draft.allowRegistration}
          onChange={(event) => setDraft({ ...draft, allowRegistration: event.target.checked })}
          className="size-5 shrink-0 accent-accent"
        />
      </label>
      <TextField
        label="Max users"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="0 means unlimited"
        value={draft.maxUsers}
        onChange={(event) => setDraft({ ...draft, maxUsers: event.target.value })}
        className="sm:max-w-[12rem]"
      />
      <TextField
        label="Keep articles for (days)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Older ones are deleted each night unless someone starred, liked, shared, commented on or highlighted them; 0 keeps every article"
        value={draft.retentionDays}
        onChange={(event) => setDraft({ ...draft, retentionDays: event.target.value })}
        className="sm:max-w-[12rem]"
      />
      <TextField
        label="Always keep per feed"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="The newest this many articles of each feed stay whatever their age"
        value={draft.retentionKeepPerFeed}
        onChange={(event) => setDraft({ ...draft, retentionKeepPerFeed: event.target.value })}
        className="sm:max-w-[12rem]"
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={saving} className={buttonClass('primary')}>
          {saving ? 'Saving…' : 'Save Changes'}
        </button>
        <button type="button" disabled={saving} onClick={onDone} className={buttonClass('secondary')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
