import { createHash } from 'node:crypto';

// A statement sent unnamed is parsed and planned on every call; a named one is parsed once per connection (and
// planned once where the connection asks for generic plans, see createPrisma). Statements with many parameters
// stay unnamed: their text varies with the length of an IN list, and each length would stay prepared on every
// connection. The article lists' first pages carry 16–21 values (the viewer's id once per condition: muted feeds,
// hidden rows, later copies, the views' states and people), so the limit stays above them: past it they were planned
// on every call, generic plans over every partition, 15–25 ms a page instead of 3 (npm run bench:reading, issue 43).
// docs/performance.md
const MAX_NAMED_PARAMETERS = 32;

/** The name `sql` is prepared under (the same for the same text), or undefined to send it unnamed. */
export function statementName(sql: string, parameterCount: number): string | undefined {
  if (parameterCount > MAX_NAMED_PARAMETERS) return undefined;
  return `t_${createHash('sha1').update(sql).digest('base64url')}`;
}
