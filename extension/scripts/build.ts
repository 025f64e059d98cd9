import path from 'node:path';
import { buildExtension } from './buildExtension.ts';

// The API serves extension/dist/tidings-extension.zip at /tidings-extension.zip (api/src/app.ts).
const zip = await buildExtension(path.resolve(import.meta.dirname, '../dist'));
console.log(`Built ${path.relative(process.cwd(), zip)}`);
