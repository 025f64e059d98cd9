import { requestSubscription } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import countsSubscription, { type useUnreadCountsSubscription } from '../features/feeds/__generated__/useUnreadCountsSubscription.graphql';
import { createEnvironment } from './environment';

type Sink = { next: (value: unknown) => void };

const socket = vi.hoisted(() => {
  const unsubscribe = vi.fn();
  const client = { subscribe: vi.fn((_request: unknown, _sink: Sink) => unsubscribe), dispose: vi.fn() };
  return { unsubscribe, client, createClient: vi.fn((_options: unknown) => client) };
});
vi.mock('graphql-ws', () => ({ createClient: socket.createClient }));

let idleTasks: Array<() => void> = [];
const pageIsIdle = () => idleTasks.splice(0).forEach((task) => task());
// Long enough for the dynamic import of graphql-ws (mocked) and the promises after it.
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.clearAllMocks();
  idleTasks = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idleTasks.push(task));
});
afterEach(() => vi.unstubAllGlobals());

const subscribe = (environment: ReturnType<typeof createEnvironment>['environment'], onNext = vi.fn()) =>
  requestSubscription<useUnreadCountsSubscription>(environment, { subscription: countsSubscription, variables: {}, onNext });

describe('the live connection', () => {
  it('opens once the page is idle, with the session’s token, hands each update on, and ends with the subscription', async () => {
    const { environment } = createEnvironment('t0ken', () => {});
    const onNext = vi.fn();
    const subscription = subscribe(environment, onNext);

    await settle();
    expect(socket.createClient).not.toHaveBeenCalled();

    pageIsIdle();
    await vi.waitFor(() => expect(socket.client.subscribe).toHaveBeenCalledTimes(1));
    expect(socket.createClient).toHaveBeenCalledWith(expect.objectContaining({ connectionParams: { authorization: 'Bearer t0ken' } }));
    expect(socket.client.subscribe.mock.calls[0]![0]).toMatchObject({ operationName: 'useUnreadCountsSubscription' });

    const counts = { subscriptions: [{ subscriptionId: 's1', unreadCount: 3 }], folders: [] };
    socket.client.subscribe.mock.calls[0]![1].next({ data: { unreadCountsChanged: counts } });
    expect(onNext).toHaveBeenCalledWith({ unreadCountsChanged: counts });

    subscription.dispose();
    expect(socket.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for a subscription ended before the page is idle', async () => {
    const { environment } = createEnvironment('t0ken', () => {});
    subscribe(environment).dispose();
    pageIsIdle();
    await vi.waitFor(() => expect(socket.createClient).toHaveBeenCalledTimes(1));
    await settle();
    expect(socket.client.subscribe).not.toHaveBeenCalled();
  });
});
