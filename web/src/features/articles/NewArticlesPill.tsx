import ArrowUp from 'lucide-react/icons/arrow-up';

type Props = { count: number; onShow: () => void };

/**
 * "N new articles", floating on the list's top edge, and below the top bar once the list scrolls: it takes no room, so
 * nothing the reader is looking at moves when it appears; a click (or `.`) loads them.
 */
export function NewArticlesPill({ count, onShow }: Props) {
  if (count === 0) return null;
  return (
    <div className="pointer-events-none sticky top-[4.5rem] z-20 flex h-0 justify-center lg:top-20">
      <button
        type="button"
        onClick={onShow}
        aria-keyshortcuts="."
        className="pointer-events-auto inline-flex -translate-y-1/2 items-center gap-1.5 rounded-full bg-accent px-4 py-2 text-sm font-medium text-on-accent shadow-lg ring-1 ring-black/5 transition hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <ArrowUp aria-hidden="true" className="size-4" />
        {count} new {count === 1 ? 'article' : 'articles'}
      </button>
    </div>
  );
}
