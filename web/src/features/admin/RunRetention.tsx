import Eraser from 'lucide-react/icons/eraser';
import { useCallback, useState } from 'react';
import { buttonClass } from '../../ui/button';
import { formatNumber } from '../../ui/counts';
import { useRunRetention, type RetentionOutcome } from './useRunRetention';

/** What a retention pass did, in words: how many articles went and the size of their rows. */
export function retentionOutcomeText({ deleted, freedBytes, cutoff }: RetentionOutcome): string {
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
  const [outcome, setOutcome] = useState<string | null>(null);
  const [run, running] = useRunRetention(useCallback((done: RetentionOutcome) => setOutcome(retentionOutcomeText(done)), []));
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
