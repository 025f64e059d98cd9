import ChevronDown from 'lucide-react/icons/chevron-down';
import type { MouseEvent } from 'react';
import { cx } from '../../ui/cx';
import { SETTINGS_SECTIONS } from './settingsSections';

type Props = {
  /** The section being read. */
  current: string | null;
  /** Brings a section into view. */
  onJump: (id: string) => void;
  className?: string;
};

/** Desktop: the sections of Account Settings as a list of anchors beside them, the one being read marked. */
export function SettingsNav({ current, onJump, className }: Props) {
  const follow = (event: MouseEvent, id: string) => {
    // A new tab or window opens at the anchor as usual.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onJump(id);
  };
  return (
    <nav aria-label="Settings sections" className={cx('sticky top-20 self-start', className)}>
      <ul className="flex flex-col gap-0.5 border-l border-line">
        {SETTINGS_SECTIONS.map(({ id, title }) => {
          const active = id === current;
          return (
            <li key={id}>
              <a
                href={`#${id}`}
                aria-current={active ? 'location' : undefined}
                onClick={(event) => follow(event, id)}
                className={cx(
                  '-ml-px block border-l-2 py-1.5 pl-3.5 pr-2 text-sm transition-colors',
                  active
                    ? 'border-accent font-medium text-accent-strong'
                    : 'border-transparent text-muted hover:border-line hover:text-ink',
                )}
              >
                {title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A phone: the same sections as a menu that stays under the top bar and shows the one being read. */
export function SettingsJumpMenu({ current, onJump, className }: Props) {
  return (
    <div className={cx('sticky top-14 z-10 -mx-4 bg-canvas px-4 py-2 sm:-mx-6 sm:px-6', className)}>
      <div className="relative">
        <label htmlFor="settings-jump" className="sr-only">
          Jump to section
        </label>
        <select
          id="settings-jump"
          value={current ?? SETTINGS_SECTIONS[0].id}
          onChange={(event) => onJump(event.target.value)}
          className="h-10 w-full appearance-none rounded-lg border border-line bg-surface pl-3 pr-9 text-[0.95rem] font-medium text-ink focus:border-focus focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0"
        >
          {SETTINGS_SECTIONS.map(({ id, title }) => (
            <option key={id} value={id}>
              {title}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      </div>
    </div>
  );
}
