// A computed property key as Babel compiles it for Relay: a symbol stays one, anything else becomes its string.
export default function toPropertyKey(key) {
  return typeof key === 'symbol' ? key : String(key);
}
