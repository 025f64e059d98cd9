type Run = { done: Promise<void>; next: Promise<void> | null };

/**
 * Wraps a reload so that one asked for while another runs is not answered by the running one, whose answer may
 * predate what prompted it (Relay shares a running query with anyone who asks for the same): it runs again once the
 * running one ends, and every caller meanwhile shares that second run. One run at a time per key.
 */
export function rerunWhileRunning<K extends object>(reload: (key: K) => Promise<unknown>): (key: K) => Promise<void> {
  const running = new WeakMap<K, Run>();
  const start = (key: K): Promise<void> => {
    const current = running.get(key);
    if (current) return (current.next ??= current.done.catch(() => {}).then(() => start(key)));
    const run: Run = { done: reload(key).then(() => undefined), next: null };
    running.set(key, run);
    const finish = () => void (running.get(key) === run && running.delete(key));
    run.done.then(finish, finish);
    return run.done;
  };
  return start;
}
