import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { buttonClass } from '../../ui/button';
import type { AdminTab } from './adminTab';

/** What a tab says when its data cannot be loaded, one message per tab. */
const FAILURE_TEXT: Record<AdminTab, string> = {
  statistics: 'Failed to load stats',
  users: 'Failed to load users',
  feeds: 'Failed to load feeds',
  analytics: 'Failed to load data',
  email: 'Failed to load data',
  configuration: 'Failed to load config',
  database: 'Failed to load the database size',
};

/** What a tab shows when its data failed to load, with Try again; the other tabs still work. */
export function TabLoadFailed({ tab, retry }: { tab: AdminTab; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center">
      <TriangleAlert aria-hidden="true" className="mb-3 size-8 text-danger" strokeWidth={1.75} />
      <p className="font-medium text-ink">{FAILURE_TEXT[tab]}</p>
      <button type="button" onClick={retry} className={`${buttonClass('secondary')} mt-4`}>
        Try again
      </button>
    </div>
  );
}
