import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useMentionSuggestionsQuery } from './__generated__/useMentionSuggestionsQuery.graphql';

/** At most 5 mention suggestions. */
export const MENTION_SUGGESTIONS_MAX = 5;

// Long enough to skip the keystrokes of a name typed quickly, short enough to feel immediate.
const DEBOUNCE_MS = 120;

const query = graphql`
  query useMentionSuggestionsQuery($query: String!, $limit: Int!) {
    searchUsers(query: $query, limit: $limit) {
      id
      username
      name
    }
  }
`;

export type MentionSuggestion = { id: string; username: string; name: string };

/**
 * The users whose username or display name starts with `typed` (the first ones when it is empty), or none
 * while no mention is being typed (null). A failure to load them is only logged, with no toast.
 */
export function useMentionSuggestions(typed: string | null): readonly MentionSuggestion[] {
  const environment = useRelayEnvironment();
  const [found, setFound] = useState<{ typed: string; users: readonly MentionSuggestion[] } | null>(null);
  useEffect(() => {
    if (typed === null) return;
    let current = true;
    const timer = setTimeout(() => {
      fetchQuery<useMentionSuggestionsQuery>(
        environment,
        query,
        { query: typed, limit: MENTION_SUGGESTIONS_MAX },
        { fetchPolicy: 'network-only' },
      )
        .toPromise()
        .then(
          (answer) => {
            if (current) setFound({ typed, users: answer?.searchUsers ?? [] });
          },
          (error: unknown) => console.error('Failed to load users for mentions:', error),
        );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [environment, typed]);
  // The previous answer stays up while the next one loads, so the list does not flicker as a name is typed.
  return typed === null || !found ? [] : found.users.slice(0, MENTION_SUGGESTIONS_MAX);
}
