import Newspaper from 'lucide-react/icons/newspaper';
import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import type { DigestPreferencesSection_viewer$key } from './__generated__/DigestPreferencesSection_viewer.graphql';
import { SettingsSection } from './SettingsSection';
import { useUpdateDigestPreferences, type DigestPreferencesDraft } from './useUpdateDigestPreferences';

const DIGEST_TYPES = [
  { value: 'personal', label: 'Personal', hint: 'What you read, liked and shared this week, with feeds you might like.' },
  { value: 'instance', label: 'Instance-wide', hint: 'What everyone on this instance read and shared this week.' },
] as const;

/** The Digest Preferences section: whether a weekly digest is made, of which kind, and whether it is e-mailed. */
export function DigestPreferencesSection({ viewer }: { viewer: DigestPreferencesSection_viewer$key }) {
  const { digestPreferences } = useFragment(
    graphql`
      fragment DigestPreferencesSection_viewer on User {
        digestPreferences {
          enabled
          digestType
          emailDigests
        }
      }
    `,
    viewer,
  );
  return (
    <SettingsSection
      id="digest"
      title="Digest Preferences"
      icon={Newspaper}
      description="Every Sunday at 6am Tidings writes a weekly digest; a notification tells you when it is ready."
    >
      {/* Keyed by what is saved, so a save (or another tab's, on refetch) starts the form over from it. */}
      {digestPreferences ? <PreferencesForm key={JSON.stringify(digestPreferences)} saved={digestPreferences} /> : <LoadFailed />}
    </SettingsSection>
  );
}

function LoadFailed() {
  return (
    <p role="alert" className="rounded-xl bg-sunken px-4 py-6 text-center text-sm text-muted">
      Failed to load preferences
    </p>
  );
}

function PreferencesForm({ saved }: { saved: DigestPreferencesDraft }) {
  const [draft, setDraft] = useState(saved);
  const [save, saving] = useUpdateDigestPreferences();
  const unchanged = draft.enabled === saved.enabled && draft.digestType === saved.digestType && draft.emailDigests === saved.emailDigests;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(draft);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <label className="flex items-center justify-between gap-4">
        <span>
          <span className="block font-medium text-ink">Weekly digest</span>
          <span className="block text-sm text-muted">Turn it off and no digest is made for you.</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          className="size-5 shrink-0 accent-accent"
        />
      </label>
      <fieldset disabled={!draft.enabled} className={cx('flex flex-col gap-5', !draft.enabled && 'opacity-60')}>
        <div>
          <legend className="mb-2 font-medium text-ink">Digest type</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {DIGEST_TYPES.map((type) => (
              <label
                key={type.value}
                className={cx(
                  'flex cursor-pointer gap-3 rounded-xl border p-3 has-[:disabled]:cursor-not-allowed',
                  draft.digestType === type.value ? 'border-accent bg-accent-soft/50' : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name="digestType"
                  value={type.value}
                  checked={draft.digestType === type.value}
                  onChange={() => setDraft({ ...draft, digestType: type.value })}
                  className="mt-1 accent-accent"
                />
                <span>
                  <span className="block font-medium text-ink">{type.label}</span>
                  <span className="block text-sm text-muted">{type.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </div>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            checked={draft.emailDigests}
            onChange={(event) => setDraft({ ...draft, emailDigests: event.target.checked })}
            className="size-4 accent-accent"
          />
          <span className="text-ink">Also send it to me by e-mail</span>
        </label>
      </fieldset>
      <button type="submit" disabled={saving || unchanged} className={buttonClass('primary', 'md', 'self-start')}>
        {saving ? 'Saving…' : 'Save preferences'}
      </button>
    </form>
  );
}
