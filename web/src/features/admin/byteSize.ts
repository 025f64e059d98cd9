const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size on disk in the largest unit that keeps it at 1 or more: '512 bytes', '8.0 KB', '1.3 GB'. */
export function byteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
