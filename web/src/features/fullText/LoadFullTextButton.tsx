import FileText from 'lucide-react/icons/file-text';
import { IconButton } from '../../ui/IconButton';
import type { FullTextView } from './useFullTextView';

/** The reader's “Load full article” (f), offered while the article has a page and its full article is not showing. */
export function LoadFullTextButton({ view, className }: { view: FullTextView; className?: string }) {
  if (!view.canLoad) return null;
  return (
    <IconButton
      label="Load full article"
      title="Load the full article from its page (f)"
      // Not disabled, which would drop the focus of the reader who pressed it.
      aria-disabled={view.loading || undefined}
      onClick={view.loading ? undefined : view.load}
      className={className}
    >
      <FileText aria-hidden="true" className="size-[1.125rem]" />
    </IconButton>
  );
}
