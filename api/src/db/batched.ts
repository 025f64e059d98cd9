/** One batch's work: a result for each input, in the inputs' order. */
export type BatchRunner<I, O> = (inputs: I[]) => Promise<O[]>;

/**
 * Gathers calls into batches that share one round trip: calls made in the same tick go together, and calls made
 * while a batch runs wait for it and go together in the next one. Alone, a call waits for nothing; under load, as
 * many calls share a statement as arrived during the last one (at most `maxSize`). A batch that fails is run again
 * call by call, so one bad input (a value the database refuses) fails its own call only: `run` must be safe to repeat.
 */
export function batched<I, O>(run: BatchRunner<I, O>, maxSize = 256): (input: I) => Promise<O> {
  const waiting: { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  type Call = (typeof waiting)[number];
  const settle = async (batch: Call[]) => {
    try {
      const outputs = await run(batch.map((call) => call.input));
      batch.forEach((call, index) => call.resolve(outputs[index]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const call of batch) await settle([call]);
    }
  };

  const drain = async () => {
    while (waiting.length > 0) await settle(waiting.splice(0, maxSize));
    running = false;
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (running) return;
      running = true;
      queueMicrotask(() => void drain());
    });
}

/** One batcher per key (a database client, say), made when first asked for and dropped with its key. */
export function batchedPer<K extends object, I, O>(
  make: (key: K) => BatchRunner<I, O>,
  maxSize?: number,
): (key: K, input: I) => Promise<O> {
  const byKey = new WeakMap<K, (input: I) => Promise<O>>();
  return (key, input) => {
    let call = byKey.get(key);
    if (!call) byKey.set(key, (call = batched(make(key), maxSize)));
    return call(input);
  };
}
