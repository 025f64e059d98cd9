import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../ui/toast';
import { toastOutcome } from './toastOutcome';

vi.mock('../ui/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

type Response = { deleteThing: { __typename: string; message?: string } };

describe('toastOutcome', () => {
  afterEach(() => vi.clearAllMocks());
  const outcome = (onSuccess?: () => void) =>
    toastOutcome((response: Response) => response.deleteThing, {
      expected: 'DeletePayload',
      success: 'Deleted',
      failure: 'Failed to delete',
      onSuccess,
    });

  it('says the success and goes on when the answer is the payload', () => {
    const onSuccess = vi.fn();
    outcome(onSuccess).onCompleted({ deleteThing: { __typename: 'DeletePayload' } });
    expect(notify.success).toHaveBeenCalledWith('Deleted');
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("says the failure with the server's reason when the answer is an error, and does not go on", () => {
    const onSuccess = vi.fn();
    outcome(onSuccess).onCompleted({ deleteThing: { __typename: 'ForbiddenError', message: 'Not yours' } });
    expect(notify.error).toHaveBeenCalledWith('Failed to delete', { description: 'Not yours' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says the failure when the request itself fails', () => {
    outcome().onError();
    expect(notify.error).toHaveBeenCalledWith('Failed to delete');
  });
});
