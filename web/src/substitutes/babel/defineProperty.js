// A computed key in an object literal as Babel compiles it for Relay: an own, enumerable, writable property.
export default function defineProperty(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  return object;
}
