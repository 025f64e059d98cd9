// Loaded into a benchmarked server process (`--import statementProbe.ts`), never into the product: every SQL
// statement the server sends goes through a pg Client's `query` (Prisma's adapter and the job queue alike), so
// wrapping it counts them all. On the parent's request it starts recording, or answers the statements sent since.
import pg from 'pg';

export type StatementRequest = { type: 'statements:start' } | { type: 'statements:stop' };
export type StatementReply = { type: 'statements:start' } | { type: 'statements:stop'; statements: string[] };

let recording: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  recording?.push(typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? ''));
  return query.apply(this, args);
};

process.on('message', (request: StatementRequest) => {
  if (request.type === 'statements:start') {
    recording = [];
    process.send!({ type: 'statements:start' } satisfies StatementReply);
  } else if (request.type === 'statements:stop') {
    const statements = recording ?? [];
    recording = null;
    process.send!({ type: 'statements:stop', statements } satisfies StatementReply);
  }
});
// The IPC channel must not keep the server alive once it has stopped.
process.channel?.unref();
