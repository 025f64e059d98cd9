// `for (const x of iterable)` as Babel compiles it for Relay: s() starts, n() steps, e() records a throw in the
// body, f() closes an iterator left early and rethrows what the body threw.
export default function createForOfIteratorHelper(iterable) {
  let iterator;
  let finished = true;
  let failed = false;
  let error;
  return {
    s() {
      iterator = iterable[Symbol.iterator]();
    },
    n() {
      const step = iterator.next();
      finished = step.done;
      return step;
    },
    e(thrown) {
      failed = true;
      error = thrown;
    },
    f() {
      try {
        if (!finished && iterator.return != null) iterator.return();
      } catch (closing) {
        if (!failed) throw closing;
      }
      if (failed) throw error;
    },
  };
}
