// Prints the Pothos schema to /schema.graphql, which the web client compiles against: `npm run schema`.
// The build does not run it, so print-schema.test.ts catches a schema.graphql that was not updated.
import { writeFileSync } from 'node:fs';
import { printSchema, lexicographicSortSchema } from 'graphql';
import { schema } from '../src/graphql/schema.ts';

export const SCHEMA_FILE = new URL('../../schema.graphql', import.meta.url);

/** The SDL text of the current schema, as committed in schema.graphql. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(SCHEMA_FILE, printedSchema());
