// `const { a, ...rest } = source` as Babel compiles it for Relay: the own enumerable keys not taken.
export default function objectWithoutPropertiesLoose(source, excluded) {
  if (source == null) return {};
  const rest = {};
  for (const key of Object.keys(source)) if (!excluded.includes(key)) rest[key] = source[key];
  return rest;
}
