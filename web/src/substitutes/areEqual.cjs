// Stands in for fbjs' areEqual in the build (build/librarySubstitutes.ts): Relay compares records' field values and
// variables with it, which are JSON (and dates), never cyclic. As fbjs' own, 0 and -0 differ. CommonJS, as Relay
// calls the module itself.
function areEqual(a, b) {
  if (a === b) return a !== 0 || 1 / a === 1 / b;
  if (a == null || b == null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && +a === +b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => areEqual(item, b[index]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && areEqual(a[key], b[key]));
}

module.exports = areEqual;
