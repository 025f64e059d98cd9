import { useEffect } from 'react';
import { loadQuery, useRelayEnvironment } from 'react-relay';
import type { readerQuery as ReaderQuery } from './__generated__/readerQuery.graphql';
import { readerQuery } from './readerQuery';

/**
 * Loads these articles into the store ahead of time and keeps them there while they are asked for, so stepping
 * to a neighbour with j, k or an arrow shows it at once instead of the loading skeleton.
 */
export function usePreloadArticles(ids: readonly (string | null)[]): void {
  const environment = useRelayEnvironment();
  const key = ids.filter((id): id is string => id !== null).join(' ');
  useEffect(() => {
    if (key === '') return;
    const references = key
      .split(' ')
      .map((id) => loadQuery<ReaderQuery>(environment, readerQuery, { id }, { fetchPolicy: 'store-or-network' }));
    return () => references.forEach((reference) => reference.dispose());
  }, [environment, key]);
}
