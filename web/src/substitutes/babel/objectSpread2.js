// `{ ...a, ...b }` as Babel compiles it for Relay: onto a fresh object, where assigning is defining.
export default function objectSpread2(target, ...sources) {
  return Object.assign(target, ...sources);
}
