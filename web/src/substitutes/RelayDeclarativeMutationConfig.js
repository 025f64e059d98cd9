// Stands in for relay-runtime's RelayDeclarativeMutationConfig in the build (build/librarySubstitutes.ts): the
// `configs` of Relay's legacy mutation API (RANGE_ADD, NODE_DELETE...), which Tidings' mutations do not pass (they
// use updaters and directives). Relay calls `convert` only when `configs` are given.
export function convert() {
  throw new Error("Relay's declarative mutation configs are not part of this build (src/substitutes)");
}
