// `typeof value`, which Babel wraps for engines without symbols.
export default function typeOf(value) {
  return typeof value;
}
