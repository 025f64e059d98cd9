import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { discoverQuery as DiscoverQuery } from './__generated__/discoverQuery.graphql';

/** Discover's one query: the popular feeds the viewer lacks and the starter packs. */
export const discoverQuery = graphql`
  query discoverQuery {
    popularFeeds {
      feedId
      url
      title
      description
      subscriberCount
    }
    starterPacks {
      packId
      name
      description
      icon
      feeds {
        url
        title
        description
      }
    }
  }
`;

/** Starts loading Discover as its route is entered; always from the network, since subscribing changes what is popular. */
export function loadDiscover(environment: Environment) {
  return loadQuery<DiscoverQuery>(environment, discoverQuery, {}, { fetchPolicy: 'network-only' });
}
