import { useEffect } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useLinkFeedsWhenFoundQuery } from './__generated__/useLinkFeedsWhenFoundQuery.graphql';

const query = graphql`
  query useLinkFeedsWhenFoundQuery($id: ID!) {
    node(id: $id) {
      ... on Comment {
        id
        linksPending
        links {
          url
          title
          feedUrl
        }
      }
    }
  }
`;

/**
 * How long to wait before each time the comment is asked for again: the look-up usually takes a second or two, a
 * busy or failing site a few attempts over half a minute. After the last the comment is left as it is.
 */
export const LINK_FEEDS_WAITS_MS = [1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 21_000] as const;

/**
 * While the server is still looking for the feeds behind a comment's links (`linksPending`, true for a comment just
 * posted or edited), asks for the comment again now and then, so that its subscribe cards appear without a reload.
 * The answer updates the comment in the store, which ends the asking once it is no longer pending.
 */
export function useLinkFeedsWhenFound(commentId: string, pending: boolean): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (!pending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: { unsubscribe: () => void } | undefined;
    const askAfter = (attempt: number) => {
      const wait = LINK_FEEDS_WAITS_MS[attempt];
      if (wait === undefined) return;
      timer = setTimeout(() => {
        // A failed request is one more wait; the store keeps what it had.
        request = fetchQuery<useLinkFeedsWhenFoundQuery>(environment, query, { id: commentId }, { fetchPolicy: 'network-only' }).subscribe({
          complete: () => askAfter(attempt + 1),
          error: () => askAfter(attempt + 1),
        });
      }, wait);
    };
    askAfter(0);
    return () => {
      clearTimeout(timer);
      request?.unsubscribe();
    };
  }, [environment, commentId, pending]);
}
