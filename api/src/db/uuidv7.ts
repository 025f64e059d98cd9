import { randomFillSync } from 'node:crypto';

/**
 * A version 7 UUID (RFC 9562 §5.7): 48 bits of Unix milliseconds, then random bits. Prisma generates the ids
 * of its own inserts this way (@default(uuid(7))); statements that insert rows themselves use this.
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomFillSync(Buffer.alloc(16));
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
