import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost } from './queryCost.ts';
import { QUERY_LIMITS } from './yoga.ts';

/** Every operation the web app sends, as Relay compiled it (the text of its `__generated__` artifacts). */
function webOperations(): { name: string; text: string }[] {
  const root = join(import.meta.dirname, '../../../web/src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.includes('__generated__') && path.endsWith('.graphql.ts'))
    .flatMap((path) => {
      const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(join(root, path), 'utf8'))?.[1];
      return text ? [{ name: path, text: JSON.parse(text) as string }] : [];
    });
}

describe('query cost', () => {
  it('multiplies a page by its size, literal or variable, and a list argument by its length', () => {
    const page = (first: string) =>
      parse(`query($first: Int = 10, $ids: [ID!]!) { a: notifications(first: ${first}) { edges { node { id } } } }`);
    expect(operationCost(page('$first'), null, { first: 50 })).toBe(operationCost(page('50'), null));
    expect(operationCost(page('$first'), null, {})).toBe(operationCost(page('10'), null));
    const nodes = parse('query($ids: [ID!]!) { nodes(ids: $ids) { id } }');
    expect(operationCost(nodes, null, { ids: ['a', 'b', 'c', 'd'] })).toBe(4 * operationCost(nodes, null, { ids: ['a'] }));
  });

  it('keeps every operation of the web app under the limit with the page sizes it sends (at most 100)', () => {
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(20);
    const sizes = { first: 30, commentsFirst: 30, sharesFirst: 100 };
    const over = operations.filter(({ text }) => operationCost(parse(text), null, sizes) > QUERY_LIMITS.cost);
    expect(over.map(({ name }) => name)).toEqual([]);
  });
});
