// What a benchmark prints about the machine it ran on: figures measured on a shared 2-core machine mean little without it.
import os from 'node:os';

/** The 1, 5 and 15 minute load averages. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Cores, memory, Node and the load average, on one line. */
export function machineLine(): string {
  return `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadAverage()}`;
}
