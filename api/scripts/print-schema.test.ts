import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, printedSchema } from './print-schema.ts';

describe('schema.graphql', () => {
  it('is the schema the server serves (run `npm run schema` after changing the schema)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });
});
