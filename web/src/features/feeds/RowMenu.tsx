import * as Menu from '@radix-ui/react-dropdown-menu';
import { type LucideIcon } from 'lucide-react';
import Check from 'lucide-react/icons/check';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { useId, type ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';

export type RowAction = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  danger?: boolean;
  /** A setting the action turns on and off: a checked item when on. */
  checked?: boolean;
  /** A second line under the label, read with it. */
  hint?: string;
};

const itemClass =
  'flex min-h-9 cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm outline-none data-[highlighted]:bg-sunken';

/**
 * The ⋯ menu of a feed or folder row: its actions, reachable by keyboard, under an optional note (a feed's error);
 * an action with `checked` is a checkbox item, marked when on.
 */
export function RowMenu({ label, actions, note }: { label: string; actions: RowAction[]; note?: ReactNode }) {
  const noteId = useId();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={label}
        title={label}
        className={buttonClass(
          'ghost',
          'icon',
          // Shown on hover or focus on desktop, always on touch screens where there is no hover.
          'size-8 lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100 data-[state=open]:opacity-100',
        )}
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          // A menu holds only items: the note is plain text read out as the menu's description.
          aria-describedby={note ? noteId : undefined}
          className="z-50 min-w-44 max-w-[min(20rem,90vw)] rounded-xl border border-line bg-surface p-1.5 shadow-card"
        >
          {note && <div id={noteId}>{note}</div>}
          {actions.map(({ label: text, icon: Icon, onSelect, danger, checked, hint }) => {
            const label = (
              <>
                <Icon aria-hidden="true" className="size-4 shrink-0 opacity-80" />
                <span className="min-w-0 flex-1">
                  {text}
                  {hint && <span className="block text-xs text-muted">{hint}</span>}
                </span>
              </>
            );
            if (checked !== undefined)
              return (
                <Menu.CheckboxItem key={text} checked={checked} onSelect={onSelect} className={cx(itemClass, 'text-ink')}>
                  {label}
                  <Menu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-accent-strong" />
                  </Menu.ItemIndicator>
                </Menu.CheckboxItem>
              );
            return (
              <Menu.Item key={text} onSelect={onSelect} className={cx(itemClass, danger ? 'text-danger' : 'text-ink')}>
                {label}
              </Menu.Item>
            );
          })}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
