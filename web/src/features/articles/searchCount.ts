import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { searchCountQuery } from './__generated__/searchCountQuery.graphql';
import type { ListVariables } from './listSearch';

/**
 * A search's count, asked apart from its rows: a common word's count reads up to a thousand matches, several times
 * a page's work on a large instance, and the rows should not wait for it. (A page of one row comes with it: the
 * connection's count is a field of its page.)
 */
const query = graphql`
  query searchCountQuery($filter: ArticleFilter!, $feedId: ID, $folderId: ID, $search: String, $countUpTo: Int) {
    articles(filter: $filter, feedId: $feedId, folderId: $folderId, search: $search, first: 1) {
      totalCount(upTo: $countUpTo)
    }
  }
`;

// The counts answered so far, by list, for the reader's position when it loads pages after the list screen is gone:
// the newest few, in the environment of the session that asked them (a new sign-in has a new one).
const answeredIn = new WeakMap<Environment, Map<string, number>>();
const ANSWERS_KEPT = 50;

function remember(environment: Environment, key: string, count: number) {
  let answered = answeredIn.get(environment);
  if (!answered) answeredIn.set(environment, (answered = new Map()));
  answered.delete(key);
  answered.set(key, count);
  if (answered.size > ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
}

type CountVariables = searchCountQuery['variables'];

const keyOf = ({ filter, feedId, folderId, search, countUpTo }: ListVariables) =>
  JSON.stringify({ filter, feedId, folderId, search, countUpTo } satisfies CountVariables);

/** The count answered for this search, if it has been. */
export function knownSearchCount(environment: Environment, variables: ListVariables): number | null {
  return answeredIn.get(environment)?.get(keyOf(variables)) ?? null;
}

/**
 * The count of a search whose rows are counted apart (`countApart`), once `needed` (more rows than are loaded);
 * null until it is answered, and for other lists. A count that fails to load leaves the line without one.
 */
export function useSearchCount(variables: ListVariables, needed: boolean): number | null {
  const environment = useRelayEnvironment();
  const key = variables.countApart && needed ? keyOf(variables) : null;
  const [count, setCount] = useState<{ key: string; n: number } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const subscription = fetchQuery<searchCountQuery>(environment, query, JSON.parse(key) as CountVariables, {
      fetchPolicy: 'network-only',
    }).subscribe({
      next: (data) => {
        remember(environment, key, data.articles.totalCount);
        setCount({ key, n: data.articles.totalCount });
      },
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [environment, key]);
  return count !== null && count.key === key ? count.n : null;
}
