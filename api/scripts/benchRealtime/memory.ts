import type { MemoryAfterGc } from './servers.ts';

/** One reading as a line: heap in use and reserved, resident set, memory outside the heap (buffers), in MiB. */
export function formatMemory(memory: MemoryAfterGc): string {
  const mib = (value: number) => `${value.toFixed(1)} MiB`.padStart(10);
  return `heap ${mib(memory.heapUsedMiB)} of ${mib(memory.heapTotalMiB)}  rss ${mib(memory.rssMiB)}  external ${mib(memory.externalMiB)}`;
}

/** How the heap and the resident set moved from `before` to `after`, in MiB and per cent. */
export function memoryGrowth(before: MemoryAfterGc, after: MemoryAfterGc): string {
  const change = (from: number, to: number) => {
    const sign = to >= from ? '+' : '−';
    return `${sign}${Math.abs(to - from).toFixed(1)} MiB (${sign}${((Math.abs(to - from) / from) * 100).toFixed(1)} %)`;
  };
  return `heap ${change(before.heapUsedMiB, after.heapUsedMiB)}, rss ${change(before.rssMiB, after.rssMiB)}`;
}
