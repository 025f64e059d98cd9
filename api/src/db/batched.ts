// Batching across requests: a statement shared by the calls of many requests (the session checks of every socket
// an event reaches, the feed engine's writes), kept per database client and never caching a result, so it answers
// each call as the database is now. Batching within one request, with a cache, is graphql/batchedPerRequest.ts.

/** One batch's work: a result for each input, in the inputs' order. */
export type BatchRunner<I, O> = (inputs: I[]) => Promise<O[]>;

/**
 * Gathers calls into batches that share one round trip: calls made in the same tick go together, and calls made
 * while a batch runs wait for it and go together in the next one. Alone, a call waits for nothing but the end of its
 * tick; under load, as many calls share a statement as arrived during the last one (at most `maxSize`). A batch that
 * fails is run again call by call, so one bad input (a value the database refuses) fails its own call only: `run`
 * must be safe to repeat. `onIdle` is told when the last waiting call is answered.
 */
export function batched<I, O>(run: BatchRunner<I, O>, maxSize = 256, onIdle?: () => void): (input: I) => Promise<O> {
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
    onIdle?.();
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (running) return;
      running = true;
      // After the promise jobs already queued, as DataLoader does: the calls that one event fans out to many
      // awaiting callers are made a few promise jobs apart, and a bare microtask would send the first one alone.
      void Promise.resolve().then(() => process.nextTick(() => void drain()));
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

const lookups = new WeakMap<object, Map<string, (key: string) => Promise<unknown>>>();

/**
 * Finds the row whose unique column is `key`: the lookups that share `client` and `statement` (a name for it:
 * table, column and selection) are batched as above into one `load` of all their keys, meant as a `findMany` with an
 * `in` list; `keyOf` tells which row answers which key.
 *
 * Prisma batches the findUnique calls of one tick by itself, but it caches a query plan for each batch *size*
 * (up to 1,000 plans, each as large as its batch: about 1 MB for 1,000 session lookups), so an event fanned
 * out to thousands of live connections left megabytes behind at every new size. An `in` list is one plan
 * whatever its length. A statement's batcher is dropped once it has nothing waiting, so a client's selections
 * (the JSON of a GraphQL selection, say) are not kept.
 */
export function findBatched<Row>(
  client: object,
  statement: string,
  key: string,
  load: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): Promise<Row | undefined> {
  let byStatement = lookups.get(client);
  if (!byStatement) lookups.set(client, (byStatement = new Map()));
  let lookup = byStatement.get(statement);
  if (!lookup) {
    const batchers = byStatement;
    const find = async (keys: string[]) => {
      const byKey = new Map((await load(keys)).map((row) => [keyOf(row), row]));
      return keys.map((each) => byKey.get(each));
    };
    lookup = batched(find, Infinity, () => batchers.delete(statement));
    batchers.set(statement, lookup);
  }
  return lookup(key) as Promise<Row | undefined>;
}
