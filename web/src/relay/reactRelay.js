// The hooks of react-relay the app uses, each from its own module: react-relay's entry points are CommonJS, so
// importing one takes all it lists (entry points, experimental hooks...). vite.config.ts points 'react-relay' here in
// the build; relayRuntime.js does the same for relay-runtime.
import RelayEnvironmentProvider from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider';
import { loadQuery } from 'react-relay/lib/relay-hooks/loadQuery';
import useFragment from 'react-relay/lib/relay-hooks/useFragment';
import useLazyLoadQuery from 'react-relay/lib/relay-hooks/useLazyLoadQuery';
import useMutation from 'react-relay/lib/relay-hooks/useMutation';
import usePaginationFragment from 'react-relay/lib/relay-hooks/usePaginationFragment';
import usePreloadedQuery from 'react-relay/lib/relay-hooks/usePreloadedQuery';
import useQueryLoader from 'react-relay/lib/relay-hooks/useQueryLoader';
import useRelayEnvironment from 'react-relay/lib/relay-hooks/useRelayEnvironment';
import useSubscription from 'react-relay/lib/relay-hooks/useSubscription';

export { commitMutation, fetchQuery, graphql, readInlineData } from 'relay-runtime';
export {
  RelayEnvironmentProvider,
  loadQuery,
  useFragment,
  useLazyLoadQuery,
  useMutation,
  usePaginationFragment,
  usePreloadedQuery,
  useQueryLoader,
  useRelayEnvironment,
  useSubscription,
};
