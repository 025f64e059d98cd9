import type { AddressInfo } from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { PrismaClient } from '../src/db/prisma.ts';
import type { Services } from '../src/domain/core/services.ts';
import { createTestDatabase } from './database.ts';
import { servicesOver, testConfig } from './services.ts';
import { afterCaller } from './cleanup.ts';

// Counting SQL statements, so an N+1 cannot creep in unnoticed. Prisma 7 over @prisma/adapter-pg sends every
// statement (BEGIN and COMMIT of transactions included) through a pg client of the adapter's pool; handing the
// adapter our own pg.Pool and wrapping each client's `query` as the pool connects it sees all of them.

/** The session lookup every authenticated HTTP request makes before it reaches GraphQL or REST. */
const SESSION_LOOKUP = /FROM "Session" s JOIN "User"/;

export type StatementLog = {
  /**
   * Runs `work` and answers its result with the SQL text of every statement sent meanwhile, in order, and the
   * values bound to each.
   */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; parameters: unknown[][] }>;
};

/** Services over a fresh database whose Prisma client reports every statement to `log`. */
export async function createCountingServices(
  overrides: Record<string, string> = {},
): Promise<{ services: Services; log: StatementLog; databaseUrl: string }> {
  const databaseUrl = await createTestDatabase();
  const config = testConfig(overrides);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle client still open when the file's database is dropped is terminated by the server: that is the end, not a failure.
  pool.on('error', () => {});
  let recording: { statements: string[]; parameters: unknown[][] } | null = null;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      const config = typeof first === 'string' ? { text: first, values: second } : (first as { text?: unknown; values?: unknown } | null);
      recording?.statements.push(String(config?.text ?? ''));
      recording?.parameters.push(Array.isArray(config?.values) ? config.values : []);
      return query(...args);
    };
  });
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  afterCaller(async () => {
    await db.$disconnect();
    await pool.end();
  });
  const log: StatementLog = {
    async during(work) {
      if (recording) throw new Error('statement logs do not nest');
      recording = { statements: [], parameters: [] };
      try {
        const result = await work();
        return { result, ...recording };
      } finally {
        recording = null;
      }
    },
  };
  return {
    services: servicesOver(config, db),
    log,
    databaseUrl,
  };
}

/** The statements of a request other than its session lookup: what the operation itself costs. */
export function withoutSessionLookup(statements: string[]): string[] {
  return statements.filter((sql) => !SESSION_LOOKUP.test(sql));
}

/** The real app over counting services, with the same `rest` and `graphql` helpers as startTestServer. */
export async function startCountingServer(overrides: Record<string, string> = {}) {
  const { services, log } = await createCountingServices(overrides);
  const app = await buildApp({ services, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterCaller(() => app.close());
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function rest(method: string, path: string, options: { token?: string } = {}) {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function graphql(query: string, variables: Record<string, unknown>, token: string) {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string }[] } }; // any: shapes vary per operation
  }

  return { services, log, url, rest, graphql };
}
