// Stands in for relay-runtime's readUpdatableQuery and readUpdatableFragment in the build
// (build/librarySubstitutes.ts): updatable queries and fragments (@updatable), which Tidings does not use, and the
// proxies behind them.
export function readUpdatableQuery() {
  throw new Error('Updatable queries are not part of this build (src/substitutes)');
}

export function readUpdatableFragment() {
  throw new Error('Updatable fragments are not part of this build (src/substitutes)');
}
