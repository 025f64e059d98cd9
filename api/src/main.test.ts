import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

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
    const run = launch({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', BOOTSTRAP_INVITE_CODE: 'quiet-river-amber-falcon' });
    await run.waitFor('Tidings is ready');
    expect(run.output()).toContain('Register the administrator with the invite code QUIET-RIVER-AMBER-FALCON');
    const port = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(run.output())?.[1];
    expect(port).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

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
