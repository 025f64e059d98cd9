import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestServices } from '../../../test/services.ts';
import type { ExportStatus } from '../../generated/prisma/client.ts';
import { FILE_SLICE_BYTES, readStoredFile, storeExportFile } from './exports.ts';

const services = await createTestServices();
const HOUR = 60 * 60 * 1000;

let users = 0;
async function exportRow(status: ExportStatus) {
  users += 1;
  const user = await services.db.user.create({
    data: { username: `exporter${users}`, email: `exporter${users}@example.com`, passwordHash: 'x' },
  });
  return services.db.readingExport.create({
    data: { userId: user.id, format: 'pdf', status, options: {}, expiresAt: new Date(Date.now() + HOUR) },
  });
}

/**
 * Two slices and a part of one, of random bytes, with every byte value and sequences that are not UTF-8 (a lone
 * continuation byte, a lead byte without its continuation) on each slice boundary, where a text decoding would
 * show first.
 */
function binaryFile(): Buffer {
  const file = randomBytes(2 * FILE_SLICE_BYTES + 12_345);
  for (let i = 0; i < 256; i++) file[i] = i;
  for (const boundary of [FILE_SLICE_BYTES, 2 * FILE_SLICE_BYTES]) file.set([0xc3, 0x80, 0xff, 0xe2], boundary - 2);
  return file;
}

describe('an export file stored and read back', () => {
  it('finishes the export and reads back the exact bytes, across slices', async () => {
    const row = await exportRow('generating');
    const file = binaryFile();
    const expiresAt = new Date(Date.now() + HOUR);
    await storeExportFile(services, row.id, { file, fileName: 'reading-digest-2026-11-28.pdf', articleCount: 300, expiresAt });

    const stored = await services.db.readingExport.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({ status: 'done', fileName: 'reading-digest-2026-11-28.pdf', articleCount: 300, expiresAt });
    expect(stored.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime() - 1);
    // The column holds the file as Prisma reads it too: nothing but the way in and out changed.
    expect(Buffer.from(stored.file!).equals(file)).toBe(true);

    const read = await readStoredFile(services, row.id, new Date());
    expect(read?.length).toBe(file.length);
    expect(read!.equals(file)).toBe(true);
    // An empty file is a file too.
    const empty = await exportRow('generating');
    await storeExportFile(services, empty.id, { file: Buffer.alloc(0), fileName: 'empty.pdf', articleCount: 0, expiresAt });
    expect((await readStoredFile(services, empty.id, new Date()))?.length).toBe(0);
  });

  it('leaves an export that ended meanwhile as it was', async () => {
    const row = await exportRow('failed');
    await storeExportFile(services, row.id, {
      file: Buffer.from('late'),
      fileName: 'late.pdf',
      articleCount: 1,
      expiresAt: new Date(Date.now() + HOUR),
    });
    expect(await services.db.readingExport.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'failed',
      file: null,
      fileName: null,
    });
    expect(await readStoredFile(services, row.id, new Date())).toBeNull();
  });

  it('reads no file of an export not done, expired or unknown', async () => {
    const running = await exportRow('generating');
    expect(await readStoredFile(services, running.id, new Date())).toBeNull();
    const done = await exportRow('generating');
    await storeExportFile(services, done.id, {
      file: Buffer.from('%PDF-1.7'),
      fileName: 'a.pdf',
      articleCount: 1,
      expiresAt: new Date(Date.now() + HOUR),
    });
    expect((await readStoredFile(services, done.id, new Date()))?.toString()).toBe('%PDF-1.7');
    expect(await readStoredFile(services, done.id, new Date(Date.now() + 2 * HOUR))).toBeNull();
    expect(await readStoredFile(services, '01900000-0000-7000-8000-000000000000', new Date())).toBeNull();
    // Each read gives its connection back: more reads than the pool has connections (4) still answer.
    for (let i = 0; i < 6; i++) expect(await readStoredFile(services, done.id, new Date())).not.toBeNull();
  });
});
