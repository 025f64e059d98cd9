import { useRouteContext } from '@tanstack/react-router';
import Eraser from 'lucide-react/icons/eraser';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { formatNumber } from '../../ui/counts';
import { notify } from '../../ui/toast';

type Outcome = { deleted: number; batches: number; freedBytes: number; cutoff: string | null };

/** What a retention pass did, in words: how many articles went and the size of their rows. */
export function retentionOutcomeText({ deleted, freedBytes, cutoff }: Outcome): string {
  if (cutoff === null) return 'Retention is off: every article is kept.';
  if (deleted === 0) return 'No article was old enough and unkept: nothing was deleted.';
  const megabytes = freedBytes / (1024 * 1024);
  const size = megabytes >= 0.1 ? `${megabytes.toFixed(1)} MB` : `${formatNumber(Math.ceil(freedBytes / 1024))} KB`;
  return `${formatNumber(deleted)} ${deleted === 1 ? 'article' : 'articles'} deleted (${size} of rows).`;
}

/**
 * "Run retention now": the nightly pass, at once (POST /api/admin/retention/run, answered when done), with what it
 * did under the button.
 */
export function RunRetention() {
  const { session } = useRouteContext({ from: '__root__' });
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const run = () => {
    setRunning(true);
    const token = session.get()?.token;
    fetch('/api/admin/retention/run', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (response) => {
        const body = (await response.json()) as Outcome & { error?: string };
        if (!response.ok) throw new Error(body.error ?? String(response.status));
        setOutcome(retentionOutcomeText(body));
      })
      .catch((error: unknown) =>
        notify.error('Failed to run retention', { description: error instanceof Error ? error.message : undefined }),
      )
      .finally(() => setRunning(false));
  };
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-line pt-5">
      <button type="button" onClick={run} disabled={running} className={buttonClass('secondary', 'sm')}>
        <Eraser aria-hidden="true" className="size-4" />
        {running ? 'Running retention…' : 'Run retention now'}
      </button>
      <p role="status" className="text-sm text-muted">
        {outcome}
      </p>
    </div>
  );
}
