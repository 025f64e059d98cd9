// Generates the Prisma client and the Pothos types from prisma/schema.prisma.
// Prisma's CLI insists on a native schema engine even for `generate`, which never uses it; where that
// binary could not be downloaded (offline installs), any executable satisfies the check.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
const schema = fileURLToPath(new URL('../../prisma/schema.prisma', import.meta.url));
const binDir = fileURLToPath(new URL('../../node_modules/.bin', import.meta.url));
const env = {
  ...process.env,
  PATH: `${binDir}${path.delimiter}${process.env.PATH}`, // the Pothos generator is an npm bin
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const result = spawnSync(process.execPath, [cli, 'generate', `--schema=${schema}`], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
