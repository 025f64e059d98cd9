import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.ts';
import { migrateJobQueue, startWorker } from '../jobs/worker.ts';
import { createLogger } from '../logger.ts';
import { closeServices } from '../services.ts';
import { httpClients, signUp } from '../../test/server.ts';
import { servicesOver, testConfig } from '../../test/services.ts';
import { createDatabaseIfMissing } from './database.ts';
import { folderClosedToPostgresUser, startEmbeddedPostgres, type EmbeddedServer } from './embeddedPostgres.ts';
import { migrateDatabase } from './migrate.ts';
import { createPrisma } from './prisma.ts';

type Outcome = { name: string; status: number; ms: number };

// A PostgreSQL of its own (the shared one must keep running), stopped and started again on the same port
// while clients keep writing. As root, the embedded PostgreSQL runs as the postgres user, which a checkout in a
// private folder keeps out: the test says so in its name and does not run.
const closed = folderClosedToPostgresUser();
describe.skipIf(closed !== null)(
  `PostgreSQL restarted under traffic${closed ? ` (not run: the postgres user cannot enter ${closed})` : ''}`,
  async () => {
    if (closed !== null) {
      // Skipped: the setup below must not run either (a describe's body runs to collect its tests).
      it('answers 503 at once while it is down, recovers by itself, and loses nothing it acknowledged', () => {});
      return;
    }
    const log = createLogger('silent');
    const dir = mkdtempSync(path.join(tmpdir(), 'tidings-restart-'));
    let postgres: EmbeddedServer = await startEmbeddedPostgres(dir, log);
    const port = Number(new URL(postgres.baseUrl).port);
    await createDatabaseIfMissing(postgres.baseUrl, 'tidings');
    const databaseUrl = `${postgres.baseUrl}/tidings`;
    await migrateDatabase(databaseUrl, log);
    await migrateJobQueue(databaseUrl);
    // Both pools, as a deployment has them: every request's session lookup goes through the second.
    const services = servicesOver(testConfig(), createPrisma(databaseUrl, 4), createPrisma(databaseUrl, 2, { genericPlans: true }));
    const app = await buildApp({ services, webDist: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { rest } = httpClients(url);
    const worker = await startWorker(services, databaseUrl); // as WORKER=inline runs it, in the same process
    afterAll(async () => {
      await worker.stop();
      await app.close();
      await closeServices(services);
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const ada = await signUp(services);

    /** Creates folders one after another until `running()` turns false, timing each answer. */
    async function writer(client: number, running: () => boolean, outcomes: Outcome[]) {
      for (let i = 0; running(); i += 1) {
        const name = `Folder ${client}-${i}`;
        const started = performance.now();
        const { status } = await rest('POST', '/folders', { token: ada.token, body: { name } });
        outcomes.push({ name, status, ms: performance.now() - started });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    const readiness = async () => {
      const response = await fetch(`${url}/readyz`);
      return { status: response.status, body: await response.json() };
    };

    it('answers 503 at once while it is down, recovers by itself, and loses nothing it acknowledged', async () => {
      const outcomes: Outcome[] = [];
      let running = true;
      const writers = [1, 2, 3].map((client) => writer(client, () => running, outcomes));
      onTestFinished(async () => {
        running = false;
        await Promise.allSettled(writers);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));

      await postgres.stop();
      const down = outcomes.length;
      expect(await readiness()).toEqual({ status: 503, body: { status: 'database unreachable' } });
      const started = performance.now();
      const refused = await rest('POST', '/folders', { token: ada.token, body: { name: 'While down' } });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatch(/database/i);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(performance.now() - started).toBeLessThan(3000); // well under the pool's 5 s connect timeout
      // Signed in, the session lookup fails before GraphQL runs; anonymous, a resolver does.
      for (const authorization of [`Bearer ${ada.token}`, undefined]) {
        const graphql = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
          body: JSON.stringify({ query: '{ instance { name } }' }),
        });
        expect(graphql.status).toBe(503);
        expect(graphql.headers.get('retry-after')).toBeTruthy();
        expect((await graphql.json()).errors[0].message).toMatch(/database/i);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));

      postgres = await startEmbeddedPostgres(dir, log, true, port);
      const deadline = Date.now() + 10_000;
      while ((await readiness()).status !== 200) {
        if (Date.now() > deadline) throw new Error('the server did not recover after PostgreSQL came back');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const recovered = outcomes.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      running = false;
      await Promise.all(writers);

      const statuses = new Set(outcomes.map((outcome) => outcome.status));
      expect([...statuses].sort()).toEqual([201, 503]);
      expect(outcomes.slice(down, recovered).some((outcome) => outcome.status === 503)).toBe(true);
      expect(outcomes.slice(recovered).at(-1)?.status).toBe(201);
      expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(3000); // nothing hung
      // The job worker came back too: a job queued now runs.
      await services.jobs.add(services.db, 'refresh_feed', { feedId: randomUUID() }); // an unknown feed: the job just ends
      const pendingJobs = async () =>
        (await services.db.$queryRaw<{ count: bigint }[]>`SELECT count(*) FROM graphile_worker.jobs`)[0]!.count;
      const jobDeadline = Date.now() + 10_000;
      while ((await pendingJobs()) > 0n) {
        if (Date.now() > jobDeadline) throw new Error('the worker did not run a job after PostgreSQL came back');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.name);
      const stored = await services.db.folder.findMany({ where: { userId: ada.user.id }, select: { name: true } });
      expect(stored.map((folder) => folder.name)).toEqual(expect.arrayContaining(acknowledged));
    });
  },
);
