import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, getRequest, type Snapshot } from 'relay-runtime';
import { DEFAULT_INSTANCE_NAME, InstanceNameContext } from '../../ui/instanceName';
import type { InstanceProviderQuery, InstanceProviderQuery$data } from './__generated__/InstanceProviderQuery.graphql';

const query = graphql`
  query InstanceProviderQuery {
    instance {
      name
      description
      allowRegistration
      publicUrl
    }
  }
`;

export type PublicInstance = InstanceProviderQuery$data['instance'];

const BEFORE_LOADING: PublicInstance = { name: DEFAULT_INSTANCE_NAME, description: '', allowRegistration: true, publicUrl: '' };

const InstanceContext = createContext<PublicInstance>(BEFORE_LOADING);

/** What anyone may know of the instance: its name, description, whether registration is open and its address ('' until loaded). */
export function useInstance(): PublicInstance {
  return useContext(InstanceContext);
}

/**
 * Loads the instance's public face once per Relay environment and keeps it for the whole app, without suspending:
 * until it arrives the default name shows. It is read from the store, so a saved configuration (whose mutation
 * writes the new values there) shows at once in every page title.
 */
export function InstanceProvider({ children }: { children: ReactNode }) {
  const environment = useRelayEnvironment();
  const [instance, setInstance] = useState(BEFORE_LOADING);
  useEffect(() => {
    const operation = createOperationDescriptor(getRequest(query), {});
    const retained = environment.retain(operation);
    const show = (snapshot: Snapshot) => {
      const data = snapshot.data as InstanceProviderQuery$data | null;
      if (data?.instance) setInstance(data.instance);
    };
    const snapshot = environment.lookup(operation.fragment);
    show(snapshot);
    const watching = environment.subscribe(snapshot, show);
    // A failure keeps the default name: the screens report their own load failures.
    const fetching = fetchQuery<InstanceProviderQuery>(environment, query, {}, { fetchPolicy: 'store-or-network' }).subscribe({
      next: (data) => setInstance(data.instance),
      error: () => {},
    });
    return () => {
      fetching.unsubscribe();
      watching.dispose();
      retained.dispose();
    };
  }, [environment]);
  return (
    <InstanceContext value={instance}>
      <InstanceNameContext value={instance.name}>{children}</InstanceNameContext>
    </InstanceContext>
  );
}
