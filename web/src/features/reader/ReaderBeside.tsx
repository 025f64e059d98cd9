import type { LinkOptions } from '@tanstack/react-router';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useMemo } from 'react';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { ArticleReaderById } from './ArticleReader';
import { ReaderPaneContext } from './readerPane';
import { ReaderSkeleton } from './ReaderSkeleton';

/**
 * The reader beside the list: the open article in a column that scrolls on its own, from the top for each article;
 * Back or Escape closes it.
 */
export function ReaderBeside({ articleId, close }: { articleId: string; close: LinkOptions }) {
  const navigate = useNavigate();
  const pane = useMemo(() => ({ close }), [close]);
  useKeyboardShortcuts({ Escape: () => void navigate(close) });
  return (
    <ReaderPaneContext value={pane}>
      <div key={articleId} className="h-full overflow-y-auto" aria-label="Reader" role="region">
        <Suspense fallback={<ReaderSkeleton />}>
          <ArticleReaderById id={articleId} />
        </Suspense>
      </div>
    </ReaderPaneContext>
  );
}
