import type { LinkOptions } from '@tanstack/react-router';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useMemo, useRef } from 'react';
import { isInteractiveTarget } from '../keyboard/keyTargets';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { ArticleReaderById } from './ArticleReader';
import { ReaderPaneContext } from './readerPane';
import { ReaderSkeleton } from './ReaderSkeleton';

/**
 * The reader beside the list: the open article in a column that scrolls on its own, from the top for each article;
 * Back or Escape closes it. Space, Page Up and Down, Home and End page through the article wherever the focus is but
 * in it (there the browser scrolls it itself), on a button (Space presses it) or in a field: the page never scrolls.
 */
export function ReaderBeside({ articleId, close }: { articleId: string; close: LinkOptions }) {
  const navigate = useNavigate();
  const pane = useMemo(() => ({ close }), [close]);
  const region = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, to: (pane: HTMLElement) => number) => scrollPane(region.current, event, to);
  useKeyboardShortcuts({
    Escape: () => void navigate(close),
    ' ': (event) => move(event, (pane) => pane.scrollTop + (event.shiftKey ? -1 : 1) * onePage(pane)),
    PageDown: (event) => move(event, (pane) => pane.scrollTop + onePage(pane)),
    PageUp: (event) => move(event, (pane) => pane.scrollTop - onePage(pane)),
    Home: (event) => move(event, () => 0),
    End: (event) => move(event, (pane) => pane.scrollHeight),
  });
  return (
    <ReaderPaneContext value={pane}>
      {/* Positioned, so what the article places out of sight (a label for screen readers) scrolls with it, not the page. */}
      <div ref={region} key={articleId} className="relative h-full overflow-y-auto" aria-label="Reader" role="region">
        <Suspense fallback={<ReaderSkeleton />}>
          <ArticleReaderById id={articleId} />
        </Suspense>
      </div>
    </ReaderPaneContext>
  );
}

/** A page is the pane less a few lines, as a browser pages a window: the last lines read stay in view. */
const onePage = (pane: HTMLElement) => Math.max(pane.clientHeight - 64, 40);

/** Scrolls `pane` to `to(pane)` for a key pressed outside it, but on a button or in a field, which keep their keys. */
function scrollPane(pane: HTMLElement | null, event: KeyboardEvent, to: (pane: HTMLElement) => number) {
  if (!pane || (event.target instanceof Node && pane.contains(event.target))) return;
  if (event.target instanceof Element && event.target.closest('a[href]') === null && isInteractiveTarget(event.target)) return;
  event.preventDefault();
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  pane.scrollTo({ top: to(pane), behavior: smooth ? 'smooth' : 'instant' });
}
