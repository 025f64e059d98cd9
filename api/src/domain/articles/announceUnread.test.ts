import { describe, expect, it } from 'vitest';
import type { ChangedUnreadCounts } from '../../realtime/events.ts';
import { announceUnreadChanged } from './unreadCounts.ts';

type Row = { kind: 'subscription' | 'folder'; userId: string; id: string; count: number };

/** Services whose count statement waits until the test answers it, and whose event bus records what is published. */
function fakeServices() {
  const statements: { answer: (rows: Row[]) => void; fail: (error: Error) => void }[] = [];
  const published: { userId: string; counts: ChangedUnreadCounts }[] = [];
  const logged: unknown[] = [];
  const services = {
    db: {
      $queryRaw: () => new Promise<Row[]>((answer, fail) => statements.push({ answer, fail })),
    },
    events: {
      publish: (_channel: string, userId: string, counts: ChangedUnreadCounts) => published.push({ userId, counts }),
      subscribe: () => {
        throw new Error('not here');
      },
      close: async () => {},
    },
    log: { error: (entry: unknown) => logged.push(entry) },
  } as unknown as Parameters<typeof announceUnreadChanged>[0];
  return { services, statements, published, logged };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const row = (userId: string, count: number): Row => ({ kind: 'subscription', userId, id: 's1', count });

describe('announceUnreadChanged', () => {
  it("reads one user's counts only after that user's earlier announcement is published, so they arrive in order", async () => {
    const { services, statements, published } = fakeServices();
    const first = announceUnreadChanged(services, ['ada'], { feedIds: ['f'] });
    const second = announceUnreadChanged(services, ['ada'], { feedIds: ['f'] });
    const other = announceUnreadChanged(services, ['bob'], { feedIds: ['f'] });
    await tick();
    // Ada's second waits for her first; Bob's does not wait for Ada's.
    expect(statements).toHaveLength(2);
    statements[1]!.answer([row('bob', 7)]);
    await other;
    statements[0]!.answer([row('ada', 4)]);
    await first;
    await tick();
    expect(statements).toHaveLength(3);
    statements[2]!.answer([row('ada', 3)]);
    await second;
    expect(published.map(({ userId, counts }) => [userId, counts.subscriptions[0]!.unreadCount])).toEqual([
      ['bob', 7],
      ['ada', 4],
      ['ada', 3],
    ]);
  });

  it('reads the counts of every user of one change in one statement, and publishes nothing for a user with none', async () => {
    const { services, statements, published } = fakeServices();
    const announcing = announceUnreadChanged(services, ['ada', 'bob', 'ada'], { feedIds: ['f'] });
    await tick();
    expect(statements).toHaveLength(1);
    statements[0]!.answer([row('ada', 2), { kind: 'folder', userId: 'ada', id: 'd1', count: 5 }]);
    await announcing;
    expect(published).toEqual([
      {
        userId: 'ada',
        counts: { subscriptions: [{ subscriptionId: 's1', unreadCount: 2 }], folders: [{ folderId: 'd1', unreadCount: 5 }] },
      },
    ]);
  });

  it('logs a failed read instead of throwing (the change is done), and the next announcement still runs', async () => {
    const { services, statements, published, logged } = fakeServices();
    const failing = announceUnreadChanged(services, ['ada'], { all: true });
    const next = announceUnreadChanged(services, ['ada'], { all: true });
    await tick();
    statements[0]!.fail(new Error('connection lost'));
    await expect(failing).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
    await tick();
    statements[1]!.answer([row('ada', 0)]);
    await next;
    expect(published).toHaveLength(1);
  });

  it('reads nothing when the change names no feed or folder', async () => {
    const { services, statements, published } = fakeServices();
    await announceUnreadChanged(services, ['ada'], { leftFolderIds: [] });
    await announceUnreadChanged(services, [], { all: true });
    expect(statements).toHaveLength(0);
    expect(published).toHaveLength(0);
  });
});
