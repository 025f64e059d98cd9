// `npm start`'s build: each workspace is rebuilt only when its sources (or the installed packages) changed
// since its last build, so a warm start goes straight to the server. A workspace's build records a hash of
// its inputs in its output folder; deleting that folder, or any change to an input, rebuilds it.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json'];
// What the API, the web app and the extension all hold to: the web app and the extension bundle it; the server
// runs it from its sources, so it is no input of the server's build.
const SHARED_PACKAGE = ['packages/shared/src', 'packages/shared/package.json'];
// Outputs of a build step that live among the sources (generated code), and folders that are never inputs.
const NOT_INPUTS = new Set(['node_modules', 'dist', '__generated__', 'generated', 'routeTree.gen.ts', 'testdata']);

const WORKSPACES = [
  {
    name: 'api',
    inputs: ['api/src', 'api/scripts', 'api/package.json', 'api/tsconfig.build.json', 'prisma/schema.prisma'],
    output: 'api/dist',
  },
  {
    name: 'extension',
    inputs: ['extension/src', 'extension/scripts', 'extension/static', 'extension/package.json', ...SHARED_PACKAGE],
    output: 'extension/dist',
  },
  {
    name: 'web',
    inputs: [
      'web/src',
      'web/public',
      'web/scripts',
      'web/index.html',
      'web/package.json',
      'web/vite.config.ts',
      ...SHARED_PACKAGE,
      'schema.graphql',
      'relay.config.json',
    ],
    output: 'web/dist',
  },
];

function filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !NOT_INPUTS.has(entry.name) && !entry.name.endsWith('.test.ts'))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

function inputsHash(workspace) {
  const hash = createHash('sha256');
  for (const file of [...SHARED_INPUTS, ...workspace.inputs].flatMap(filesUnder).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

for (const workspace of WORKSPACES) {
  const stamp = path.join(root, workspace.output, '.inputs-hash');
  const hash = inputsHash(workspace);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
  console.log(`Building ${workspace.name} (its sources changed since the last build)…`);
  execSync(`npm run build -w ${workspace.name}`, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, hash);
}
