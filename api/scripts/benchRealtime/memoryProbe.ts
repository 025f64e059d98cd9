// Loaded into a benchmarked server process (`--expose-gc --import memoryProbe.ts`), never into the product: on
// the parent's request it collects garbage and reports the memory left, or writes a heap snapshot.
import { writeHeapSnapshot } from 'node:v8';

export type ProbeRequest = { type: 'memory' } | { type: 'snapshot'; path: string };
export type ProbeReply =
  { type: 'memory'; heapUsed: number; heapTotal: number; rss: number; external: number } | { type: 'snapshot'; path: string };

type GcOptions = { type: 'major'; execution: 'sync'; flavor?: 'regular' | 'last-resort' };
const collectGarbage = (globalThis as { gc?: (options?: GcOptions) => void }).gc;
if (!collectGarbage) throw new Error('the memory probe needs node --expose-gc');

process.on('message', (request: ProbeRequest) => {
  if (request.type === 'memory') {
    // Several rounds: finalizers and weak references freed by one collection are only reclaimed by the next.
    for (let round = 0; round < 3; round++) collectGarbage({ type: 'major', execution: 'sync' });
    // Then the collection V8 runs when memory is short (and its memory reducer when the process idles): it also
    // shrinks the young generation and gives the pages freed back to the system, which a regular one keeps.
    collectGarbage({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const { heapUsed, heapTotal, rss, external } = process.memoryUsage();
    process.send!({ type: 'memory', heapUsed, heapTotal, rss, external } satisfies ProbeReply);
  } else if (request.type === 'snapshot') {
    process.send!({ type: 'snapshot', path: writeHeapSnapshot(request.path) } satisfies ProbeReply);
  }
  // Other requests are the statement probe's (statementProbe.ts), when both are loaded.
});
// The IPC channel must not keep the server alive once it has stopped.
process.channel?.unref();
