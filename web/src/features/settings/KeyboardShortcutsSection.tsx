import ChevronDown from 'lucide-react/icons/chevron-down';
import Keyboard from 'lucide-react/icons/keyboard';
import { useId, useState } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { ShortcutList } from '../keyboard/ShortcutList';
import { SettingsSection } from './SettingsSection';

/** The Keyboard Shortcuts section: a collapsible panel of the shortcuts, the same list the ? dialog shows. */
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
        <div className="mt-4">
          <ShortcutList id={panelId} />
        </div>
      )}
    </SettingsSection>
  );
}
