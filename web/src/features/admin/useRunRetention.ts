import { useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { notify } from '../../ui/toast';

/** What a retention pass answers (POST /api/admin/retention/run). */
export type RetentionOutcome = { deleted: number; batches: number; freedBytes: number; cutoff: string | null };

/**
 * Runs the retention pass now, with the session's bearer token, and hands its outcome to `onDone`; a refusal or a
 * failure says 'Failed to run retention' with the reason.
 */
export function useRunRetention(onDone: (outcome: RetentionOutcome) => void): [run: () => void, running: boolean] {
  const { session } = useRouteContext({ from: '__root__' });
  const [running, setRunning] = useState(false);
  const run = useCallback(() => {
    setRunning(true);
    const token = session.get()?.token;
    fetch('/api/admin/retention/run', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (response) => {
        const body = (await response.json()) as RetentionOutcome & { error?: string };
        if (!response.ok) throw new Error(body.error ?? String(response.status));
        onDone(body);
      })
      .catch((error: unknown) =>
        notify.error('Failed to run retention', { description: error instanceof Error ? error.message : undefined }),
      )
      .finally(() => setRunning(false));
  }, [session, onDone]);
  return [run, running];
}
