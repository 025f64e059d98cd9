import { API_TOKEN_NAME_MAX } from '@tidings/shared/limits';
import KeyRound from 'lucide-react/icons/key-round';
import { Suspense, useState, type FormEvent } from 'react';
import { usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { TextField, inputClass } from '../../ui/TextField';
import type { apiTokensQuery as ApiTokensQuery } from './__generated__/apiTokensQuery.graphql';
import { ApiTokenItem } from './ApiTokenItem';
import { apiTokensQuery } from './apiTokensQuery';
import { NewTokenSecret } from './NewTokenSecret';
import { SectionLoadFailed } from './SectionLoadFailed';
import { SettingsSection } from './SettingsSection';
import { useCreateApiToken } from './useCreateApiToken';

/**
 * Personal API tokens (an addition to the spec, which hands out the session token): named, shown once, listed
 * with when they were last used, revocable. They act for the viewer on feeds, articles and shares, never on the account.
 */
export function ApiTokensSection({ initialQueryRef }: { initialQueryRef: PreloadedQuery<ApiTokensQuery> }) {
  const [queryRef, loadQuery] = useQueryLoader<ApiTokensQuery>(apiTokensQuery, initialQueryRef);
  return (
    <SettingsSection
      id="api-tokens"
      title="API Tokens"
      icon={KeyRound}
      description="Tokens let reader apps, the browser extension and the bookmarklet read, subscribe and share as you. They can never change your password, invites or tokens."
    >
      <CreateTokenForm />
      <ErrorBoundary
        fallback={(retry) => (
          <SectionLoadFailed
            message="Failed to load your tokens"
            onRetry={() => {
              loadQuery({}, { fetchPolicy: 'network-only' });
              retry();
            }}
          />
        )}
      >
        <Suspense
          fallback={<div role="status" aria-label="Loading your tokens" className="mt-4 h-16 animate-pulse rounded-xl bg-sunken" />}
        >
          {queryRef && <TokenList queryRef={queryRef} />}
        </Suspense>
      </ErrorBoundary>
    </SettingsSection>
  );
}

/** How long a new token may work: never ending unless its owner picks an end (in days). */
const EXPIRY_CHOICES = [
  { days: 0, label: 'Never' },
  { days: 30, label: 'In 30 days' },
  { days: 90, label: 'In 90 days' },
  { days: 365, label: 'In a year' },
] as const;

function CreateTokenForm() {
  const [name, setName] = useState('');
  const [expiresInDays, setExpiresInDays] = useState(0);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [create, creating] = useCreateApiToken();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    create({ name: trimmed, expiresInDays: expiresInDays || null }, (secret) => {
      setCreated({ name: trimmed, secret });
      setName('');
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Token name"
          className="flex-1"
          value={name}
          maxLength={API_TOKEN_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. NetNewsWire on my phone"
          hint="Name it after the app that will use it, so you know which to revoke."
        />
        <div className="flex flex-col gap-1.5 sm:w-36">
          <label htmlFor="api-token-expiry" className="text-sm font-medium text-ink">
            Expires
          </label>
          <select
            id="api-token-expiry"
            value={expiresInDays}
            onChange={(event) => setExpiresInDays(Number(event.target.value))}
            className={inputClass()}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.days} value={choice.days}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={creating || name.trim() === ''} className={buttonClass('primary', 'md', 'sm:mt-[1.625rem]')}>
          {creating ? 'Creating…' : 'Create token'}
        </button>
      </form>
      {created && <NewTokenSecret name={created.name} secret={created.secret} />}
    </div>
  );
}

function TokenList({ queryRef }: { queryRef: PreloadedQuery<ApiTokensQuery> }) {
  const { apiTokens } = usePreloadedQuery<ApiTokensQuery>(apiTokensQuery, queryRef);
  if (apiTokens.edges.length === 0) return <p className="mt-4 text-sm text-muted">You have no tokens yet.</p>;
  return (
    <ul aria-label="Your API tokens" className="mt-4 divide-y divide-line border-t border-line">
      {apiTokens.edges.map(({ node }) => (
        <ApiTokenItem key={node.id} token={node} />
      ))}
    </ul>
  );
}
