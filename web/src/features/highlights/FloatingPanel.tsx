import { useEffect, useState, type ReactNode } from 'react';
import { cx } from '../../ui/cx';

/** Phones show their own selection menu above a selection: there, what Tidings offers goes below it. */
const BELOW_MEDIA = '(pointer: coarse), (max-width: 40rem)';

/** Room kept between the panel and the edges of the window. */
const EDGE = 8;

/** Anything with a place in the viewport: a DOM range or element. */
export type Measurable = { getBoundingClientRect(): DOMRect };

type Props = {
  /** What the panel points at (a selection's range, a highlight), measured again as the page scrolls. */
  target: Measurable;
  /** Names the panel for assistive technology. */
  label: string;
  /** About how tall the panel is: with less room than that above the passage, it goes below. */
  height?: number;
  children: ReactNode;
  className?: string;
};

// A range measured where layout is not computed (jsdom has no Range.getBoundingClientRect) stands at the origin.
const measure = (target: Measurable) =>
  typeof target.getBoundingClientRect === 'function' ? target.getBoundingClientRect() : new DOMRect();

/** Whether floating panels go below what they point at (a phone) rather than above it. */
export function placesBelow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(BELOW_MEDIA).matches;
}

/**
 * A small panel floating over the article next to a passage: above it, centred, on a wide screen; below it on a phone,
 * so the phone's own selection menu stays usable (and below it too when the window has no room above). It follows the passage as the page or the reader's pane scrolls.
 */
export function FloatingPanel({ target, label, height = 56, children, className }: Props) {
  const [measured, setMeasured] = useState(() => ({ target, rect: measure(target) }));
  // A new target is measured as it comes (React's way of adjusting state to a prop while rendering).
  if (measured.target !== target) setMeasured({ target, rect: measure(target) });
  const { rect } = measured;
  useEffect(() => {
    const update = () => setMeasured({ target, rect: measure(target) });
    window.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [target]);
  const below = placesBelow() || rect.top - height - EDGE < EDGE;
  const centre = Math.min(Math.max(rect.left + rect.width / 2, EDGE + 150), Math.max(EDGE + 150, window.innerWidth - EDGE - 150));
  return (
    <div
      role="dialog"
      aria-label={label}
      style={{ top: below ? rect.bottom + EDGE : rect.top - EDGE, left: centre }}
      className={cx(
        'fixed z-40 w-max max-w-[min(20rem,calc(100vw-1rem))] -translate-x-1/2 rounded-xl border border-line bg-surface p-1 shadow-lg',
        below ? '' : '-translate-y-full',
        className,
      )}
    >
      {children}
    </div>
  );
}
