import WifiOff from 'lucide-react/icons/wifi-off';
import { useOnline } from './useOnline';

/**
 * Said while the browser has no connection: why what is done meanwhile fails, and that a screen that could not load
 * loads again by itself once the connection is back (LoadFailed). Above the phone's bottom navigation; gone when the
 * connection is back.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-40 flex justify-center px-4 lg:bottom-6 lg:left-[16.5rem]"
    >
      {!online && (
        <p className="flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm text-ink shadow-card">
          <WifiOff aria-hidden="true" className="size-4 shrink-0 text-muted" />
          You’re offline. Tidings picks up again once the connection is back.
        </p>
      )}
    </div>
  );
}
