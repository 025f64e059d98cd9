import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createScratchDatabase, dropDatabase } from './scratchServer.ts';
import { afterCaller } from './cleanup.ts';

/** A fresh migrated database, dropped when its caller is over: the test that asked for it, else the file (afterCaller). */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const name = `tidings_test_${randomBytes(6).toString('hex')}`;
  await createScratchDatabase(serverUrl, name, inject('templateDatabase'));
  afterCaller(() => dropDatabase(serverUrl, name));
  return `${serverUrl}/${name}`;
}
