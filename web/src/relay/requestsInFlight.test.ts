import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackRequests } from './requestsInFlight';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('trackRequests', () => {
  afterEach(() => vi.useRealTimers());

  it('settles once every running request has answered or failed, and passes answers through', async () => {
    const answers = [deferred(), deferred()];
    const requests = trackRequests((index: number) => answers[index]!.promise);
    const first = requests.send(0);
    void requests.send(1).catch(() => undefined);
    let settled = false;
    void requests.settled(10_000).then(() => (settled = true));

    answers[0]!.resolve('shell');
    await expect(first).resolves.toBe('shell');
    expect(settled).toBe(false);
    answers[1]!.reject(new Error('offline'));
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('settles at once with nothing running, and after maxMs when an answer is late', async () => {
    vi.useFakeTimers();
    const late = deferred();
    const requests = trackRequests(() => late.promise);
    await requests.settled(1000);

    void requests.send();
    let settled = false;
    void requests.settled(1000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
