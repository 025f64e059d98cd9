import { useCallback, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDetectFeedsQuery } from './__generated__/useDetectFeedsQuery.graphql';
import type { FeedCandidate } from './detectFeeds';

const query = graphql`
  query useDetectFeedsQuery($url: String!) {
    detectFeeds(url: $url) {
      __typename
      ... on QueryDetectFeedsSuccess {
        data {
          url
          title
          description
          subscribed
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Answer = useDetectFeedsQuery['response']['detectFeeds'];
/** No answer, or a success without its list: told as the failure. */
const NO_ANSWER: Answer = { __typename: 'NoAnswer' };

/**
 * Detect on Add Feed: lists the feeds found at a URL. A query, not a mutation,
 * but its outcome is told the same way: 'No RSS feeds found at this URL' when there are none, the server's
 * reason or 'Failed to detect feeds' when it cannot.
 */
export function useDetectFeeds(): [detect: (url: string, onDetected: (found: FeedCandidate[]) => void) => void, detecting: boolean] {
  const environment = useRelayEnvironment();
  const [detecting, setDetecting] = useState(false);
  const detect = useCallback(
    (url: string, onDetected: (found: FeedCandidate[]) => void) => {
      setDetecting(true);
      const { onCompleted, onError } = toastOutcome(
        (response: useDetectFeedsQuery['response'] | undefined): Answer => {
          const answer = response?.detectFeeds;
          return !answer || (answer.__typename === 'QueryDetectFeedsSuccess' && !answer.data) ? NO_ANSWER : answer;
        },
        {
          expected: 'QueryDetectFeedsSuccess',
          success: (found) => (found.data?.length === 0 ? { kind: 'error', text: 'No RSS feeds found at this URL' } : null),
          failure: 'Failed to detect feeds',
          refusal: 'title',
          onSuccess: (found) => onDetected([...(found.data ?? [])]),
        },
      );
      fetchQuery<useDetectFeedsQuery>(environment, query, { url }, { fetchPolicy: 'network-only' })
        .toPromise()
        .then(onCompleted, () => onError())
        .finally(() => setDetecting(false));
    },
    [environment],
  );
  return [detect, detecting];
}
