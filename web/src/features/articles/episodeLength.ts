/** A running time as people say it: "42 min", "1 h 5 min", "50 s"; null when unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (!seconds || seconds <= 0) return null;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

/** A file size in the units a download link shows: "38.7 MB", "3 GB"; null when unknown. */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (!bytes || bytes <= 0) return null;
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toPrecision(3))} ${units[unit]}`;
}

/** Whether an enclosure plays as video (else as audio). */
export const isVideo = (type: string): boolean => type.toLowerCase().startsWith('video/');
