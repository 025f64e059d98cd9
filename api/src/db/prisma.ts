import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export { PrismaClient };
export type { Prisma } from '../generated/prisma/client.ts';

/** A Prisma client over its own connection pool to `databaseUrl`. */
export function createPrisma(databaseUrl: string, maxConnections = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: maxConnections }) });
}
