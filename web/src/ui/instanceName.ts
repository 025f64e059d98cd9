import { createContext, useContext } from 'react';

/** The instance's name before the server has said otherwise (and the server's own default). */
export const DEFAULT_INSTANCE_NAME = 'Tidings';

/** The instance's name, set by the administrators (features/instance provides it, loaded once). */
export const InstanceNameContext = createContext(DEFAULT_INSTANCE_NAME);

export function useInstanceName(): string {
  return useContext(InstanceNameContext);
}
