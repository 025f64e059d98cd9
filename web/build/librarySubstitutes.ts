import path from 'node:path';
import type { Plugin } from 'vite';

const own = (file: string) => () => path.join(import.meta.dirname, '../src/substitutes', file);
const sibling = (file: string) => (resolved: string) => path.join(path.dirname(resolved), file);

/**
 * Library modules the build replaces, by the file they resolve to: parts the app does not use, which the libraries'
 * CommonJS modules would otherwise bring into the first screen, and helpers for engines older than the app's.
 * src/substitutes/substitutes.test.ts checks each stand-in against the installed library and the app's own GraphQL.
 */
export const SUBSTITUTES: Array<[file: string, replacement: (resolved: string) => string]> = [
  // Relay picks its *_EXPERIMENTAL hooks while ENABLE_ACTIVITY_COMPATIBILITY is on, its default: the others are dead code.
  ['react-relay/lib/relay-hooks/useFragmentInternal.js', sibling('useFragmentInternal_EXPERIMENTAL.js')],
  ['react-relay/lib/relay-hooks/useLoadMoreFunction.js', sibling('useLoadMoreFunction_EXPERIMENTAL.js')],
  ['react-relay/lib/relay-hooks/useQueryLoader.js', sibling('useQueryLoader_EXPERIMENTAL.js')],
  ['relay-runtime/lib/store/live-resolvers/LiveResolverCache.js', own('LiveResolverCache.js')],
  ['relay-runtime/lib/mutations/RelayDeclarativeMutationConfig.js', own('RelayDeclarativeMutationConfig.js')],
  ['relay-runtime/lib/mutations/readUpdatableQuery.js', own('readUpdatable.js')],
  ['relay-runtime/lib/mutations/readUpdatableFragment.js', own('readUpdatable.js')],
  ['use-sync-external-store/shim/index.js', own('useSyncExternalStore.js')],
  ['fbjs/lib/areEqual.js', own('areEqual.cjs')],
  // Babel's helpers as Relay is compiled, for engines without spread, for...of or symbols.
  ...[
    'objectSpread2',
    'createForOfIteratorHelper',
    'typeof',
    'toConsumableArray',
    'toPropertyKey',
    'defineProperty',
    'objectWithoutPropertiesLoose',
  ].map((helper): [string, () => string] => [`@babel/runtime/helpers/${helper}.js`, own(`babel/${helper}.js`)]),
];

const fromLibraries = (importer: string | undefined) => importer !== undefined && /[\\/](node_modules|src[\\/]relay)[\\/]/.test(importer);

/** Resolves the modules above to their stand-ins, in the build only (the dev server bundles libraries its own way). */
export function librarySubstitutes(): Plugin {
  return {
    name: 'tidings:library-substitutes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!fromLibraries(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const file = resolved.id.split(path.sep).join('/');
      const substitute = SUBSTITUTES.find(([library]) => file.endsWith(`/node_modules/${library}`));
      return substitute ? substitute[1](resolved.id) : resolved;
    },
  };
}
