import { Prisma } from '../generated/prisma/client.ts';

/**
 * A select-list item that lets the foreign-key checks of the statement it is in keep their plans. The main pool
 * forces custom plans (prisma.ts), and PostgreSQL plans the check it runs for each inserted row under that setting
 * too: each was planned anew, about 65 µs to plan a 6 µs lookup, four per stored article, a seventh of PostgreSQL's
 * work storing a feed's articles (docs/benchmarks.md, "Ingest cost"). Under `auto` a check is planned a few times,
 * then its generic plan (a primary-key lookup) is kept. The setting is the transaction's: outside one, it ends with
 * the statement.
 */
export const FOREIGN_KEY_CHECKS_PLANNED_ONCE = Prisma.sql`set_config('plan_cache_mode', 'auto', true)`;
