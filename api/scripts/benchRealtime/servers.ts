import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProbeReply, ProbeRequest } from './memoryProbe.ts';
import type { StatementReply, StatementRequest } from './statementProbe.ts';

const SOURCE = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const COMPILED = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
const PROBE = fileURLToPath(new URL('./memoryProbe.ts', import.meta.url));
const STATEMENT_PROBE = fileURLToPath(new URL('./statementProbe.ts', import.meta.url));

export type MemoryAfterGc = { heapUsedMiB: number; heapTotalMiB: number; rssMiB: number; externalMiB: number };

export type RunningServer = {
  url: string;
  pid: number;
  rssMiB: () => number;
  /** CPU time the server has used so far (user and system), in seconds. */
  cpuSeconds: () => number;
  /** Collects garbage in the server and reports what is left (only with `probe`). */
  memoryAfterGc: () => Promise<MemoryAfterGc>;
  /** Writes a heap snapshot of the server to `path` (only with `probe`). */
  heapSnapshot: (path: string) => Promise<string>;
  /** Starts recording the SQL statements the server sends (only with `statements`). */
  recordStatements: () => Promise<void>;
  /** Stops recording and answers the statements sent since `recordStatements`, in order. */
  recordedStatements: () => Promise<string[]>;
  stop: () => Promise<void>;
};

export type ServerOptions = {
  /** Runs the compiled server (`api/dist/start.js`, after `npm run build -w api`) instead of the sources through tsx. */
  compiled?: boolean;
  /** Loads the memory probe (`--expose-gc`), for `memoryAfterGc` and `heapSnapshot`. */
  probe?: boolean;
  /** Writes a CPU profile of the server into this folder when it stops (`--cpu-prof`). */
  cpuProfileDir?: string;
  /** Loads the statement probe, for `recordStatements` and `recordedStatements`. */
  statements?: boolean;
};

/** Starts the server as its own process on `port` and waits until it is ready. */
export async function startServer(port: number, env: Record<string, string>, options: ServerOptions = {}): Promise<RunningServer> {
  const tsxForProbes = options.compiled && (options.probe || options.statements) ? ['--import', 'tsx'] : [];
  const flags = [
    ...(options.compiled ? [] : ['--import', 'tsx']),
    ...tsxForProbes,
    ...(options.probe ? ['--expose-gc', '--import', PROBE] : []),
    ...(options.statements ? ['--import', STATEMENT_PROBE] : []),
    ...(options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, [...flags, options.compiled ? COMPILED : SOURCE], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', WORKER: 'off', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit', ...(options.probe || options.statements ? (['ipc'] as const) : [])],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`server on ${port} not ready after 60 s`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  type Reply = ProbeReply | StatementReply;
  const ask = <T extends Reply['type']>(request: (ProbeRequest | StatementRequest) & { type: T }) =>
    new Promise<Reply & { type: T }>((resolve, reject) => {
      if (!child.send) return reject(new Error('the server was started without a probe'));
      child.once('message', (reply: Reply & { type: T }) => resolve(reply));
      child.send(request);
    });
  const mib = (bytes: number) => bytes / 1024 / 1024;
  return {
    url,
    pid: child.pid!,
    rssMiB: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses), in clock ticks of 1/100 s.
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    memoryAfterGc: async () => {
      const reply = await ask({ type: 'memory' });
      return {
        heapUsedMiB: mib(reply.heapUsed),
        heapTotalMiB: mib(reply.heapTotal),
        rssMiB: mib(reply.rss),
        externalMiB: mib(reply.external),
      };
    },
    heapSnapshot: async (path) => (await ask({ type: 'snapshot', path })).path,
    recordStatements: async () => void (await ask({ type: 'statements:start' })),
    recordedStatements: async () => (await ask({ type: 'statements:stop' })).statements,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
