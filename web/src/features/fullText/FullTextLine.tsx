import CircleAlert from 'lucide-react/icons/circle-alert';
import FileText from 'lucide-react/icons/file-text';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useContext, useEffect, useRef } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { FullTextLinePollQuery } from './__generated__/FullTextLinePollQuery.graphql';
import { FULL_TEXT_POLL, FullTextReaderContext } from './fullTextReader';
import type { FullTextView } from './useFullTextView';

const pollQuery = graphql`
  query FullTextLinePollQuery($id: ID!) {
    article(id: $id) {
      id
      showsFullText
      fullText {
        status
        content
        error
        sourceUrl
        fetchedAt
      }
    }
  }
`;

const linkButton = 'font-medium text-accent-strong underline underline-offset-2 hover:text-accent';

/**
 * The line above the article: “Loading the full article…”, why it could not be loaded (with Try again), or which
 * version shows with the way to the other. A polite live region, so the change is read out where it happens. It also
 * keeps the full article coming: it asks for it when the feed's articles always show theirs and this one was never
 * asked for, and looks again every two seconds (for thirty at most) while it is read in the background.
 */
export function FullTextLine({ view }: { view: FullTextView }) {
  useFullTextUpkeep(view);
  const { line } = view;
  return (
    <div aria-live="polite">
      {line && (
        <p
          className={cx(
            'mb-6 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border px-4 py-2.5 text-sm',
            line.kind === 'failed' ? 'border-danger/30 bg-danger/5 text-ink' : 'border-line bg-sunken/60 text-muted',
          )}
        >
          {line.kind === 'loading' && (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
              Loading the full article…
            </>
          )}
          {line.kind === 'failed' && (
            <>
              <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-danger" />
              <span className="min-w-0 flex-1">Could not load the full article: {line.reason}</span>
              <button type="button" onClick={view.load} className={linkButton}>
                Try again
              </button>
            </>
          )}
          {(line.kind === 'full' || line.kind === 'feed') && (
            <>
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              <span>{line.kind === 'feed' ? 'The feed’s version' : line.host ? `Full article from ${line.host}` : 'Full article'}</span>
              <span aria-hidden="true">·</span>
              {/* One button whose words change, so that focus stays on it as the versions swap. */}
              <button type="button" onClick={line.kind === 'full' ? view.showFeedVersion : view.showFullArticle} className={linkButton}>
                {line.kind === 'full' ? 'Show the feed’s version' : 'Show the full article'}
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** Asks for the full article when it should come by itself, and polls while another reading of it runs. */
function useFullTextUpkeep({ articleId, polls, loadsItself, load }: FullTextView) {
  const environment = useRelayEnvironment();
  const timeOut = useContext(FullTextReaderContext)?.timeOut;
  // Read from a ref: `load` is a new function on every render, and the request is made once per article.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    if (loadsItself) latestLoad.current();
  }, [loadsItself, articleId]);
  useEffect(() => {
    if (!polls) return;
    const look = () =>
      fetchQuery<FullTextLinePollQuery>(environment, pollQuery, { id: articleId }, { fetchPolicy: 'network-only' }).subscribe({});
    const timer = setInterval(look, FULL_TEXT_POLL.everyMs);
    const giveUp = setTimeout(() => timeOut?.(articleId), FULL_TEXT_POLL.forMs);
    return () => {
      clearInterval(timer);
      clearTimeout(giveUp);
    };
  }, [environment, timeOut, articleId, polls]);
}
