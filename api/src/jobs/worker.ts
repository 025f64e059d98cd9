import { run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { sendEmailTask } from './tasks/send_email.ts';

/** Installs or upgrades Graphile Worker's own schema, so jobs can be enqueued even where no worker runs. */
export async function migrateJobQueue(databaseUrl: string): Promise<void> {
  await runMigrations({ connectionString: databaseUrl });
}

function taskList(config: Config): TaskList {
  return { send_email: sendEmailTask(config) };
}

/** Starts the Graphile Worker runner. Stopping it lets running jobs finish first. */
export async function startWorker(config: Config, databaseUrl: string, log: Logger): Promise<Runner> {
  const runner = await run({
    connectionString: databaseUrl,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList: taskList(config),
  });
  log.info({ concurrency: config.workerConcurrency }, 'worker started');
  return runner;
}
