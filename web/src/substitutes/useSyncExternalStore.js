// Stands in for use-sync-external-store/shim in the build (build/librarySubstitutes.ts): the router's store reads
// through it, and React 19 has the hook itself; the shim would only repeat it for React 17.
export { useSyncExternalStore } from 'react';
