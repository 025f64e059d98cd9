import { useEffect, useRef, useState } from 'react';
import { cx } from '../../ui/cx';
import type { AdminTab } from './adminTab';
import { ADMIN_TABS } from './adminTabs';

type Hidden = { before: boolean; after: boolean };

/** Which ends of a scrolling row hold tabs out of sight (a pixel of rounding is no tab). */
function hiddenEnds(row: HTMLElement): Hidden {
  return { before: row.scrollLeft > 1, after: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 };
}

/**
 * The admin panel's tabs. A phone has room for three or four of the six, so the row scrolls sideways, and shows that
 * it does: an end fades out where more tabs lie beyond it (only there, and only while they do), and the chosen tab
 * is scrolled to the middle of the row, so a tab opened by its address is not hidden past the edge.
 */
export function AdminTabList({ tab, onSelect }: { tab: AdminTab; onSelect: (tab: AdminTab) => void }) {
  const row = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ before: false, after: false });

  useEffect(() => {
    const element = row.current!;
    const measure = () =>
      setHidden((shown) => {
        const now = hiddenEnds(element);
        return now.before === shown.before && now.after === shown.after ? shown : now;
      });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resizes = new ResizeObserver(measure);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resizes.disconnect();
    };
  }, []);

  const shownBefore = useRef(false);
  useEffect(() => {
    const element = row.current!;
    const chosen = element.querySelector<HTMLElement>('[aria-selected="true"]');
    const glide = shownBefore.current && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    shownBefore.current = true;
    if (!chosen || element.scrollWidth <= element.clientWidth) return;
    // The row is the tabs' offset parent (it is positioned), so offsetLeft is a place in its scrolled content.
    const left = chosen.offsetLeft - (element.clientWidth - chosen.offsetWidth) / 2;
    element.scrollTo({ left, behavior: glide ? 'smooth' : 'instant' });
  }, [tab]);

  return (
    <div className="relative -mx-4 mb-5 sm:mx-0">
      <div
        ref={row}
        role="tablist"
        aria-label="Admin sections"
        className="relative flex gap-1 overflow-x-auto overscroll-x-contain border-b border-line px-4 sm:px-0"
      >
        {ADMIN_TABS.map(({ value, label, icon: Icon }) => {
          const selected = value === tab;
          return (
            <button
              key={value}
              type="button"
              role="tab"
              id={`admin-tab-${value}`}
              aria-selected={selected}
              aria-controls="admin-tab-panel"
              onClick={() => onSelect(value)}
              className={cx(
                '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
                selected ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          );
        })}
      </div>
      <span
        aria-hidden="true"
        data-testid="admin-tabs-more-before"
        data-shown={hidden.before}
        className={cx(
          'pointer-events-none absolute bottom-px left-0 top-0 w-12 bg-linear-to-r from-canvas to-transparent transition-opacity duration-150',
          hidden.before ? 'opacity-100' : 'opacity-0',
        )}
      />
      <span
        aria-hidden="true"
        data-testid="admin-tabs-more-after"
        data-shown={hidden.after}
        className={cx(
          'pointer-events-none absolute bottom-px right-0 top-0 w-12 bg-linear-to-l from-canvas to-transparent transition-opacity duration-150',
          hidden.after ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}
