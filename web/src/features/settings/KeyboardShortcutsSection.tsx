import { ChevronDown, Keyboard } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { SettingsSection } from './SettingsSection';

/**
 * What each key does today (features/keyboard: the article and Shared lists, and the reader). The command
 * palette that / opens (spec part 2 §2) does not exist yet, so its row says so rather than promise it.
 */
const SHORTCUTS = [
  { keys: 'j', action: 'Select the next item in a list; in the reader, open the next article' },
  { keys: 'k', action: 'Select the previous item in a list; in the reader, open the previous article' },
  { keys: 'Enter', action: 'Open the selected item' },
  { keys: 'Esc', action: 'Clear the selection in a list; in the reader, go back to the list' },
  { keys: 's', action: 'Star or unstar the selected article; in the reader, the open one' },
  { keys: '/', action: 'Open the command palette (coming soon: the key does nothing yet)' },
] as const;

/** Section 7 (spec part 2 §2): a collapsible panel listing j, k, Enter, Esc, s and /. */
export function KeyboardShortcutsSection() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <SettingsSection
      id="shortcuts"
      title="Keyboard Shortcuts"
      icon={Keyboard}
      description="Move through your reading without the mouse. Keys do nothing while you type in a field."
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className={buttonClass('secondary', 'md', 'w-full justify-between sm:w-auto')}
      >
        {open ? 'Hide shortcuts' : 'Show shortcuts'}
        <ChevronDown aria-hidden="true" className={cx('size-4 text-muted transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <dl id={panelId} className="mt-4 divide-y divide-line rounded-xl border border-line">
          {SHORTCUTS.map(({ keys, action }) => (
            <div key={keys} className="flex items-start gap-4 px-4 py-3">
              <dt className="w-14 shrink-0">
                <kbd className="inline-flex min-w-8 justify-center rounded-md border border-line bg-sunken px-2 py-0.5 font-mono text-sm font-semibold text-ink shadow-[inset_0_-1px_0_var(--line)]">
                  {keys}
                </kbd>
              </dt>
              <dd className="text-[0.95rem] text-ink">{action}</dd>
            </div>
          ))}
        </dl>
      )}
    </SettingsSection>
  );
}
