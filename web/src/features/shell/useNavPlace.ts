import { useRouterState } from '@tanstack/react-router';

/** The current path and search, for marking the active navigation item. */
export function useNavPlace() {
  return useRouterState({
    select: ({ location }) => ({ pathname: location.pathname, search: location.search as { filter?: string } }),
    structuralSharing: true,
  });
}
