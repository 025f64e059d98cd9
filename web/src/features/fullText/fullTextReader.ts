import { createContext, useCallback, useMemo, useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { fullTextReaderLoadMutation } from './__generated__/fullTextReaderLoadMutation.graphql';

const loadMutation = graphql`
  mutation fullTextReaderLoadMutation($id: ID!) {
    loadFullText(id: $id) {
      __typename
      ... on Article {
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
      ... on Error {
        message
      }
    }
  }
`;

/** What the reader chose for the open article during this visit, and how their request for its full article went. */
export type FullTextChoice = {
  articleId: string;
  /** They pressed “Load full article” (or f). */
  asked: boolean;
  /** They chose the feed's version over the full article. */
  feedVersion: boolean;
  /** Their loadFullText request runs. */
  requesting: boolean;
  /** Why their request was refused or never arrived; null when it was not. */
  refusal: string | null;
  /** A reading in the background outlasted the wait (FULL_TEXT_POLL). */
  timedOut: boolean;
};

/** The reader's choices and what changes them; the toolbar and the article read it through FullTextReaderContext. */
export type FullTextReader = {
  choiceFor: (articleId: string) => FullTextChoice;
  /** Asks for the full article: shown at once when `stored`, else read from its page now. */
  ask: (articleId: string, stored: boolean) => void;
  setFeedVersion: (articleId: string, feedVersion: boolean) => void;
  timeOut: (articleId: string) => void;
};

/** A background reading is looked at this often, for this long, before the reader is told it takes too long. */
export const FULL_TEXT_POLL = { everyMs: 2_000, forMs: 30_000 };

const UNREACHABLE = 'Tidings could not be reached. Check your connection.';

const fresh = (articleId: string): FullTextChoice => ({
  articleId,
  asked: false,
  feedVersion: false,
  requesting: false,
  refusal: null,
  timedOut: false,
});

/** The open article's full-article state, for ArticleReader to provide; null outside the reader. */
export const FullTextReaderContext = createContext<FullTextReader | null>(null);

/**
 * The reader's full-article choices, kept for the article on screen: opening another article starts afresh, and an
 * answer that arrives after the reader moved on changes nothing.
 */
export function useFullTextReader(): FullTextReader {
  const [choice, setChoice] = useState<FullTextChoice | null>(null);
  const [commit] = useMutation<fullTextReaderLoadMutation>(loadMutation);
  const update = useCallback(
    (articleId: string, change: Partial<FullTextChoice>) =>
      setChoice((before) => ({ ...(before?.articleId === articleId ? before : fresh(articleId)), ...change })),
    [],
  );
  const ask = useCallback(
    (articleId: string, stored: boolean) => {
      update(articleId, { asked: true, feedVersion: false, refusal: null, timedOut: false, requesting: !stored });
      if (stored) return;
      commit({
        variables: { id: articleId },
        onCompleted: ({ loadFullText: answer }) =>
          update(articleId, {
            requesting: false,
            refusal: answer.__typename === 'Article' ? null : (answer.message ?? 'Tidings refused to read it'),
          }),
        onError: () => update(articleId, { requesting: false, refusal: UNREACHABLE }),
      });
    },
    [commit, update],
  );
  const setFeedVersion = useCallback((articleId: string, feedVersion: boolean) => update(articleId, { feedVersion }), [update]);
  const timeOut = useCallback((articleId: string) => update(articleId, { timedOut: true }), [update]);
  return useMemo(
    () => ({
      choiceFor: (articleId: string) => (choice?.articleId === articleId ? choice : fresh(articleId)),
      ask,
      setFeedVersion,
      timeOut,
    }),
    [choice, ask, setFeedVersion, timeOut],
  );
}
