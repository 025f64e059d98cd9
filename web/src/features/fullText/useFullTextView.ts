import { useContext } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { useFullTextView_article$key } from './__generated__/useFullTextView_article.graphql';
import { FullTextReaderContext } from './fullTextReader';
import { sourceHost } from './sourceHost';

/** The line above the article: the full article being read, why it could not be, or which version shows. */
export type FullTextLine =
  { kind: 'loading' } | { kind: 'failed'; reason: string } | { kind: 'full'; host: string | null } | { kind: 'feed' };

/** What the reader shows of an article's full article, and the reader's ways to change it. */
export type FullTextView = {
  articleId: string;
  /** The full article's HTML when it shows; null shows the feed's content. */
  html: string | null;
  line: FullTextLine | null;
  /** “Load full article” is offered: the article has a page and its full article is not showing. */
  canLoad: boolean;
  /** The full article is being read (asked for now, or in the background). */
  loading: boolean;
  /** Whether to look again every few seconds: the full article the reader wants is being read in the background. */
  polls: boolean;
  /** Whether to ask for it without a press: the reader always reads this feed's full articles, and this one was never asked for. */
  loadsItself: boolean;
  load: () => void;
  showFeedVersion: () => void;
  showFullArticle: () => void;
  /** The f key: the feed's version when the full article shows, else the full article. */
  toggle: () => void;
};

const TOO_LONG = 'Reading its page is taking too long. Try again in a moment.';
const NO_REASON = 'Its page gave no article.';

/**
 * How the open article's full article stands for this reader: shown when they asked for it in this visit or always
 * read the feed's full articles, once read; the feed's content meanwhile, and when it failed or they chose it.
 */
export function useFullTextView(article: useFullTextView_article$key): FullTextView {
  const data = useFragment(
    graphql`
      fragment useFullTextView_article on Article {
        id
        url
        showsFullText
        fullText {
          status
          content
          error
          sourceUrl
        }
      }
    `,
    article,
  );
  const reader = useContext(FullTextReaderContext);
  const choice = reader?.choiceFor(data.id);
  const wanted = Boolean(choice?.asked || data.showsFullText);
  const status = data.fullText?.status;
  const html = status === 'done' ? (data.fullText?.content ?? null) : null;
  const showing = wanted && html !== null && !choice?.feedVersion;
  const readingElsewhere = wanted && status === 'pending' && !choice?.timedOut;
  const loading = Boolean(choice?.requesting) || readingElsewhere;
  const reason =
    choice?.refusal ??
    (status === 'failed' ? (data.fullText?.error ?? NO_REASON) : null) ??
    (status === 'pending' && choice?.timedOut ? TOO_LONG : null);

  let line: FullTextLine | null = null;
  if (loading) line = { kind: 'loading' };
  else if (wanted && reason && html === null) line = { kind: 'failed', reason };
  else if (wanted && html !== null)
    line = showing ? { kind: 'full', host: sourceHost(data.fullText?.sourceUrl ?? data.url) } : { kind: 'feed' };

  const load = () => reader?.ask(data.id, html !== null);
  const showFeedVersion = () => reader?.setFeedVersion(data.id, true);
  const showFullArticle = () => reader?.setFeedVersion(data.id, false);
  return {
    articleId: data.id,
    html: showing ? html : null,
    line,
    canLoad: Boolean(reader && data.url) && !showing,
    loading,
    polls: readingElsewhere && !choice?.requesting,
    loadsItself: Boolean(reader && data.url) && data.showsFullText && data.fullText === null && !choice?.requesting && !choice?.refusal,
    load,
    showFeedVersion,
    showFullArticle,
    toggle: () => {
      if (showing) showFeedVersion();
      else if (wanted && html !== null) showFullArticle();
      else if (data.url && !loading) load();
    },
  };
}
