import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FirstScreenRenderer } from '@tidings/shared/firstScreen';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ensureBootstrapInvite } from './domain/accounts/invites.ts';
import { startSmtpServer } from './inbound/smtpServer.ts';
import { migrateJobQueue, startWorker } from './jobs/worker.ts';
import { createLogger, HIGHLIGHT, type Logger } from './logger.ts';
import { closeServices, createServices } from './services.ts';

/**
 * The web app's renderer of the first screen, its package's `first-screen` entry (the server build of
 * web/src/firstScreen/drawFirstScreen.tsx): the one place the server knows the web app's code. Null when the web app
 * is not built, and pages then go out undrawn. Loaded at the first drawing, so that start-up does not wait for it.
 */
export function webFirstScreen(): FirstScreenRenderer | null {
  if (!existsSync(fileURLToPath(import.meta.resolve('@tidings/web/first-screen')))) return null;
  let renderer: Promise<FirstScreenRenderer> | undefined;
  return async (request) => {
    renderer ??= import('@tidings/web/first-screen').then((module) => module.drawFirstScreen);
    return (await renderer)(request);
  };
}

/**
 * Starts Tidings: database, migrations, HTTP server, the inbound SMTP listener (with INBOUND_SMTP_PORT) and (unless
 * WORKER=off) the job worker. `firstScreen`: the
 * renderer of a signed-in reader's first screen (default: the web app's, when built; null: none).
 */
export async function start(
  config: Config,
  log: Logger,
  options: { webDist?: URL; firstScreen?: FirstScreenRenderer | null } = {},
): Promise<{ stop: () => Promise<void>; url: string }> {
  const startedAt = performance.now();
  const database = await openDatabase(config, log);
  await migrateDatabase(database.url, log);
  await migrateJobQueue(database.url);
  const services = createServices(config, database.url, log);

  // Made before the server listens, so that it works as soon as anyone can register.
  const bootstrapCode = await ensureBootstrapInvite(services);

  const firstScreen = options.firstScreen === undefined ? webFirstScreen() : options.firstScreen;
  const app = await buildApp({ services, webDist: options.webDist, firstScreen });
  await app.listen({ port: config.port, host: config.host });
  const smtp = config.inbound?.smtp ? await startSmtpServer(services) : null;
  const worker = config.worker === 'inline' ? await startWorker(services, database.url) : null;
  log.info({ url: config.publicUrl, ms: Math.round(performance.now() - startedAt) }, `Tidings is ready at ${config.publicUrl}`);
  // The last line of the start-up, on a terminal and in JSON alike, so that it is the one a person starting a fresh
  // instance sees; the message names the code and where to use it, for logs that show only messages.
  if (bootstrapCode) {
    const register = `${config.publicUrl}/register`;
    log.info(
      { inviteCode: bootstrapCode, url: register, ...HIGHLIGHT },
      `No users yet. Register the administrator with the invite code ${bootstrapCode} at ${register}`,
    );
  }

  return {
    url: config.publicUrl,
    stop: async () => {
      await app.close(); // stops accepting, lets in-flight requests finish, closes sockets
      await smtp?.stop(); // stops accepting mail, lets messages being taken finish
      await worker?.stop(); // lets running jobs finish
      await closeServices(services);
      await database.close();
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  // Handlers go in first, so a SIGTERM during start-up still ends in an orderly stop.
  const starting = start(config, log);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      await (await starting).stop();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await starting;
}

/** Runs the server as this process's whole job (`npm start`, or `node api/src/main.ts`). */
export function runFromCommandLine(): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) runFromCommandLine();
