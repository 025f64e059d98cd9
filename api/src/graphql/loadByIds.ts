import type { Page } from '../domain/core/pages.ts';

/**
 * Rows the domain chose, reloaded by id with the selection a Prisma-backed GraphQL type needs, in the domain's
 * order. The load must be `where: { id: { in: ids } }` and nothing else: filter, order and paging stay in the
 * domain, so GraphQL and REST read one definition.
 */
export async function inDomainOrder<T extends { id: string }>(ids: readonly string[], load: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  // Loaded even for no ids: Pothos checks in development that a prismaField's query was used.
  const rows = await load([...ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A domain page as a Relay connection, its rows replaced by `nodes` (the same rows as GraphQL loads them, in
 * the same order; a row that vanished in between is left out with its cursor).
 */
export function pageConnection<T extends { id: string }, N extends { id: string }>(page: Page<T>, nodes: N[]) {
  const cursorById = new Map(page.items.map((item, index) => [item.id, page.cursors[index]!]));
  const edges = nodes.map((node) => ({ cursor: cursorById.get(node.id)!, node }));
  return {
    edges,
    pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: false, startCursor: edges[0]?.cursor ?? null, endCursor: page.endCursor },
  };
}
