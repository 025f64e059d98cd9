// `npm start`'s build: each workspace is rebuilt only when its sources (or the installed packages) changed
// since its last build, so a warm start goes straight to the server. A workspace's build records a hash of
// its inputs in its output folder; deleting that folder, or any change to an input, rebuilds it.
// It prints one line per workspace it builds, with the time the build took; the build commands' own output
// (vite's lists of files and so on) only at LOG_LEVEL=debug or trace, or when a build fails: then that output
// and the failed command are printed, and `npm start` stops with the build's exit code.
import { spawnSync } from 'node:child_process';
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
    title: 'the server',
    inputs: ['api/src', 'api/scripts', 'api/package.json', 'api/tsconfig.build.json', 'prisma/schema.prisma'],
    output: 'api/dist',
  },
  {
    name: 'extension',
    title: 'the extension',
    inputs: ['extension/src', 'extension/scripts', 'extension/static', 'extension/package.json', ...SHARED_PACKAGE],
    output: 'extension/dist',
  },
  {
    name: 'web',
    title: 'the web app',
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

/** Whether the build commands' own output is shown as they run: at LOG_LEVEL debug or trace. */
export function showsBuildOutput(logLevel) {
  return logLevel === 'debug' || logLevel === 'trace';
}

/** A build's duration as people read it: "0.4 s", "7.9 s", "48 s". */
export function formatDuration(ms) {
  return ms < 9_950 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** The command that builds `workspace`. */
export function buildCommand(workspace) {
  return `npm run build -w ${workspace.name}`;
}

/**
 * What is printed as `workspace`'s build starts: quietly, the start of a line that `buildFinished` ends with the
 * time; with the build's output shown, a line of its own.
 */
export function buildStarted(workspace, verbose) {
  return verbose ? `Building ${workspace.title}…\n` : `Building ${workspace.title}… `;
}

/**
 * What is printed when `workspace`'s build has ended, and whether `npm start` goes on. `build`: how long it took,
 * its exit status (null when a signal ended it) and signal, and its output (captured when quiet; empty when it was
 * shown as it ran). A failed build prints its captured output and the command to stderr and stops with the build's
 * exit code, so that no error is hidden.
 * @param {{ title: string, name: string }} workspace
 * @param {{ ms: number, status: number | null, signal?: string | null, output: string }} build
 * @param {boolean} verbose
 * @returns {{ stdout: string, stderr: string, exitCode: number | null }} exitCode null: go on
 */
export function buildFinished(workspace, build, verbose) {
  const took = formatDuration(build.ms);
  if (build.status === 0) {
    return { stdout: verbose ? `Built ${workspace.title} in ${took}\n` : `${took}\n`, stderr: '', exitCode: null };
  }
  const ending = build.status === null ? `was stopped by ${build.signal ?? 'a signal'}` : `exited with code ${build.status}`;
  const output = build.output === '' || build.output.endsWith('\n') ? build.output : `${build.output}\n`;
  return {
    stdout: verbose ? '' : `failed after ${took}\n`,
    stderr: `${output}Building ${workspace.title} failed: \`${buildCommand(workspace)}\` ${ending}.\n`,
    exitCode: build.status || 1,
  };
}

/** Builds `workspace`: its output shown as it runs when `verbose`, captured (stdout and stderr in order) otherwise. */
function build(workspace, verbose) {
  const startedAt = performance.now();
  const command = buildCommand(workspace);
  const result = verbose
    ? spawnSync(command, { cwd: root, shell: true, stdio: 'inherit' })
    : spawnSync(`${command} 2>&1`, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1024 ** 3 });
  if (result.error) throw result.error;
  return {
    ms: performance.now() - startedAt,
    status: result.status,
    signal: result.signal,
    output: verbose ? '' : String(result.stdout),
  };
}

function main() {
  const verbose = showsBuildOutput(process.env.LOG_LEVEL);
  for (const workspace of WORKSPACES) {
    const stamp = path.join(root, workspace.output, '.inputs-hash');
    const hash = inputsHash(workspace);
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
    process.stdout.write(buildStarted(workspace, verbose));
    const report = buildFinished(workspace, build(workspace, verbose), verbose);
    process.stdout.write(report.stdout);
    process.stderr.write(report.stderr);
    if (report.exitCode !== null) {
      process.exitCode = report.exitCode;
      return;
    }
    writeFileSync(stamp, hash);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
