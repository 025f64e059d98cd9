import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

type Workspace = { name: string; title: string };
type Build = { ms: number; status: number | null; signal?: string | null; output: string };
/** `npm start`'s build step (scripts/build-if-changed.mjs): what it prints of each workspace's build. */
const buildIfChanged: {
  showsBuildOutput: (logLevel: string | undefined) => boolean;
  buildStarted: (workspace: Workspace, verbose: boolean) => string;
  buildFinished: (workspace: Workspace, build: Build, verbose: boolean) => { stdout: string; stderr: string; exitCode: number | null };
} = await import(new URL('../../scripts/build-if-changed.mjs', import.meta.url).href);

/** Runs `node src/main.ts` with `env`, collecting its output, until it prints `until` or exits. */
function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', WORKER: 'inline', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 30_000;
    while (!output.includes(text)) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before "${text}":\n${output}`);
      if (Date.now() > deadline) throw new Error(`no "${text}" after 30 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, waitFor, output: () => output };
}

// Each run loads the whole server through tsx: seconds of CPU, more when other test files run beside it.
describe('npm start (api/src/main.ts)', { timeout: 60_000 }, () => {
  it('prints the bootstrap invite code on a fresh instance, serves, and stops cleanly on SIGTERM', async () => {
    const databaseUrl = await createTestDatabase();
    const run = launch({
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://tidings.example',
      BOOTSTRAP_INVITE_CODE: 'quiet-river-amber-falcon',
    });
    await run.waitFor('Register the administrator');
    const port = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(run.output())?.[1];
    expect(port).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // The invite is the start-up's last line, after the server listens and says it is ready: the line a person
    // starting a fresh instance sees last, in words that name the code and where to use it even as JSON.
    const lines = run.output().trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      level: 30,
      inviteCode: 'QUIET-RIVER-AMBER-FALCON',
      msg: 'No users yet. Register the administrator with the invite code QUIET-RIVER-AMBER-FALCON at http://tidings.example/register',
    });
    const before = lines.slice(0, -1).map((line) => (line.startsWith('{') ? JSON.parse(line).msg : line));
    expect(before).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Server listening at /),
        'worker started',
        'Tidings is ready at http://tidings.example',
      ]),
    );

    run.child.kill('SIGTERM');
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(0);
    expect(run.output()).toContain('"msg":"stopped"');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('refuses a bad configuration with a message that names the variable', async () => {
    const run = launch({ PORT: 'eighty', DATABASE_URL: 'mysql://nowhere' });
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT: must be a port number');
    expect(run.output()).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
  });
});

describe("npm start's build (scripts/build-if-changed.mjs)", () => {
  const web = { name: 'web', title: 'the web app' };
  const vite = '> @tidings/web@0.1.0 build\nvite v8 building client environment for production...\ndist/index.html  1.2 kB\n';
  const { showsBuildOutput, buildStarted, buildFinished } = buildIfChanged;

  it('shows the build commands’ own output only at LOG_LEVEL debug or trace', () => {
    expect([undefined, 'info', 'warn', 'silent', 'debug', 'trace'].map(showsBuildOutput)).toEqual([false, false, false, false, true, true]);
  });

  it('prints one line per workspace it builds, with its time, and nothing of a successful build’s output', () => {
    const finished = buildFinished(web, { ms: 48_200, status: 0, output: vite }, false);
    expect(buildStarted(web, false) + finished.stdout).toBe('Building the web app… 48 s\n');
    expect(finished).toMatchObject({ stderr: '', exitCode: null });
    expect(buildFinished(web, { ms: 640, status: 0, output: '' }, false).stdout).toBe('0.6 s\n');
  });

  it('prints a failed build’s captured output and command, and stops with its exit code', () => {
    const failed = buildFinished(web, { ms: 12_400, status: 2, output: `${vite}error: over budget` }, false);
    expect(buildStarted(web, false) + failed.stdout).toBe('Building the web app… failed after 12 s\n');
    expect(failed.stderr).toBe(`${vite}error: over budget\nBuilding the web app failed: \`npm run build -w web\` exited with code 2.\n`);
    expect(failed.exitCode).toBe(2);
    const killed = buildFinished(web, { ms: 3_000, status: null, signal: 'SIGKILL', output: vite }, false);
    expect(killed.stderr).toContain('`npm run build -w web` was stopped by SIGKILL.');
    expect(killed.exitCode).toBe(1);
  });

  it('at debug, frames the output it shows as it runs with a line before and after', () => {
    expect(buildStarted(web, true)).toBe('Building the web app…\n');
    expect(buildFinished(web, { ms: 48_200, status: 0, output: '' }, true)).toEqual({
      stdout: 'Built the web app in 48 s\n',
      stderr: '',
      exitCode: null,
    });
    const failed = buildFinished(web, { ms: 12_400, status: 1, output: '' }, true);
    expect(failed).toEqual({
      stdout: '',
      stderr: 'Building the web app failed: `npm run build -w web` exited with code 1.\n',
      exitCode: 1,
    });
  });
});

describe("npm start's Node.js", () => {
  const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

  it('is the same major in .nvmrc (for nvm), in .ci/use-node, and within package.json engines', () => {
    const recommended = read('.nvmrc').trim();
    expect(recommended).toMatch(/^\d+$/);
    expect(read('.ci/use-node')).toContain(`NODE_MAJOR=${recommended}\n`);
    // engines is written as `^MAJOR.MINOR` or `>=MAJOR.MINOR` clauses (scripts/require-node.mjs reads it so): one
    // of them starts at the recommended major.
    const engines = JSON.parse(read('package.json')).engines.node as string;
    expect(engines.split('||').map((clause) => /\d+/.exec(clause)?.[0])).toContain(recommended);
  });
});
