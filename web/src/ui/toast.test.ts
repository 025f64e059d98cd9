import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => {
  const base = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() });
  return { toast: base };
});
// Test files share their modules (isolate: false): these come from a fresh registry, where they import the mock.
vi.resetModules();
const { toast } = await import('sonner');
const { notify } = await import('./toast');

describe('notify', () => {
  afterEach(() => vi.clearAllMocks());

  it('shows success for 2 s, errors and others for 4 s, loading until dismissed', async () => {
    notify.success('Welcome back!');
    notify.error('Login failed');
    notify.info('Heads up');
    notify.loading('Refreshing…');
    await vi.dynamicImportSettled();
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', { duration: 2000 });
    expect(toast.error).toHaveBeenCalledWith('Login failed', { duration: 4000 });
    expect(toast).toHaveBeenCalledWith('Heads up', { duration: 4000 });
    expect(toast.loading).toHaveBeenCalledWith('Refreshing…', { duration: Infinity });
  });

  it('lets a caller add a description without losing the duration', async () => {
    notify.error('Login failed', { description: 'Invalid username or password' });
    await vi.dynamicImportSettled();
    expect(toast.error).toHaveBeenCalledWith('Login failed', { duration: 4000, description: 'Invalid username or password' });
  });
});
