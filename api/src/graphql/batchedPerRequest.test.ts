import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../context.ts';
import { batchedPerRequest, batchesPerEvent } from './batchedPerRequest.ts';

/** A load that records the keys of each call and answers each key with its batch's number. */
function recordingLoad() {
  const calls: string[][] = [];
  const load = async (keys: readonly string[]) => {
    calls.push([...keys]);
    return keys.map((key) => `${key}@${calls.length}`);
  };
  return { calls, load };
}

const request = () => ({}) as RequestContext;

describe('batchedPerRequest', () => {
  it('loads the keys of one tick together and each key once per request', async () => {
    const context = request();
    const { calls, load } = recordingLoad();
    const loader = () => batchedPerRequest<string>(context, 'field', load);
    expect(await Promise.all(['a', 'b', 'a'].map((key) => loader().load(key)))).toEqual(['a@1', 'b@1', 'a@1']);
    expect(await loader().load('a')).toBe('a@1');
    expect(await loader().load('c')).toBe('c@2');
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });

  it('keeps requests and names apart', async () => {
    const [one, two] = [request(), request()];
    const { calls, load } = recordingLoad();
    await Promise.all([
      batchedPerRequest<string>(one, 'field', load).load('a'),
      batchedPerRequest<string>(two, 'field', load).load('a'),
      batchedPerRequest<string>(one, 'other field', load).load('a'),
    ]);
    expect(calls).toEqual([['a'], ['a'], ['a']]);
  });

  it('surfaces a failed load to each of its callers', async () => {
    const loader = batchedPerRequest<string>(request(), 'field', async () => {
      throw new Error('database down');
    });
    const loads = ['a', 'b'].map((key) => loader.load(key));
    for (const load of loads) await expect(load).rejects.toThrow('database down');
  });

  it('answers each event of a subscription with a fresh load, though its context is the same for all', async () => {
    let stored = 0;
    const yoga = createYoga({
      schema: createSchema<RequestContext>({
        typeDefs: 'type Query { stored: Int! } type Subscription { stored: Int! }',
        resolvers: {
          Query: { stored: () => stored },
          Subscription: {
            stored: {
              subscribe: async function* () {
                for (const value of [1, 2, 3]) {
                  stored = value;
                  yield {};
                }
              },
              resolve: (_event: unknown, _args: unknown, context: RequestContext) =>
                batchedPerRequest<number>(context, 'stored', async (keys) => keys.map(() => stored)).load('it'),
            },
          },
        },
      }),
      plugins: [batchesPerEvent()],
    });
    // As graphql/websocket.ts runs an operation of a socket.
    const { schema, subscribe, contextFactory, parse } = yoga.getEnveloped({ params: { query: '' } });
    const events = (await subscribe({
      schema,
      document: parse('subscription { stored }'),
      contextValue: await contextFactory(),
    })) as AsyncIterable<{ data: { stored: number } }>;
    const received: number[] = [];
    for await (const event of events) received.push(event.data.stored);
    expect(received).toEqual([1, 2, 3]);
  });
});
