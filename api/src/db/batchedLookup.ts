import DataLoader from 'dataloader';

type Load<Row> = (keys: string[]) => Promise<Row[]>;

const pendingBatches = new WeakMap<object, Map<string, DataLoader<string, unknown>>>();

/**
 * Finds the row whose unique column is `key`: the lookups of one tick that share `client` and `batch` (a name
 * for the statement: table, column and selection) become one `load` of all their keys, meant as a `findMany`
 * with an `in` list; `keyOf` tells which row answers which key.
 *
 * Prisma batches the findUnique calls of one tick by itself, but it caches a query plan for each batch *size*
 * (up to 1,000 plans, each as large as its batch: about 1 MB for 1,000 session lookups), so an event fanned
 * out to thousands of live connections left megabytes behind at every new size. An `in` list is one plan
 * whatever its length. A batch is forgotten once it runs, so nothing is kept between ticks either.
 */
export function findBatched<Row>(
  client: object,
  batch: string,
  key: string,
  load: Load<Row>,
  keyOf: (row: Row) => string,
): Promise<Row | undefined> {
  let batches = pendingBatches.get(client);
  if (!batches) pendingBatches.set(client, (batches = new Map()));
  let loader = batches.get(batch);
  if (!loader) {
    const pending = batches;
    loader = new DataLoader<string, unknown>(
      async (keys) => {
        pending.delete(batch);
        const byKey = new Map((await load([...keys])).map((row) => [keyOf(row), row]));
        return keys.map((each) => byKey.get(each));
      },
      { cache: false },
    );
    batches.set(batch, loader);
  }
  return loader.load(key) as Promise<Row | undefined>;
}
