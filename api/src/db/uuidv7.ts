import { randomUUID } from 'node:crypto';

/**
 * A version 7 UUID (RFC 9562 §5.7): 48 bits of Unix milliseconds, then random bits. Prisma generates the ids
 * of its own inserts this way (@default(uuid(7))); statements that insert rows themselves use this. The random
 * part comes from randomUUID(), which draws from a buffered pool (a fresh randomFillSync per id costs more).
 */
export function uuidv7(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // randomUUID() is "xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx": keep its random bits and variant after the version digit.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
