/**
 * Wraps a reload so that one asked for while another runs is not answered by the running one, whose answer may
 * predate what prompted it (Relay shares a running query with anyone who asks for the same): it runs again once the
 * running one ends, and every caller meanwhile shares that second run. One run at a time per key.
 */
export function rerunWhileRunning<K extends object>(reload: (key: K) => Promise<unknown>): (key: K) => Promise<unknown> {
  const runs = new WeakMap<K, { done: Promise<unknown>; next?: Promise<unknown> }>();
  const start = (key: K): Promise<unknown> => {
    const run = runs.get(key);
    // `done` settles after its run is forgotten, so the next run starts as a new one.
    const again = () => start(key);
    if (run) return (run.next ??= run.done.then(again, again));
    const done = reload(key).finally(() => runs.delete(key));
    runs.set(key, { done });
    return done;
  };
  return start;
}
