// `[...iterable]` as Babel compiles it for Relay.
export default function toConsumableArray(iterable) {
  return Array.from(iterable);
}
