import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../ui/toast';
import { toastOutcome } from './toastOutcome';

// Spies on the one `notify` every module shares, rather than a mocked module: test files share their modules
// (isolate: false), and a module mocked here would stay bound to the mock in the files that run after this one.
beforeEach(() => {
  for (const kind of ['success', 'error', 'info'] as const) vi.spyOn(notify, kind).mockReturnValue(undefined as never);
});

type Response = { deleteThing: { __typename: string; message?: string } };

describe('toastOutcome', () => {
  afterEach(() => vi.restoreAllMocks());
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

type Answer = { __typename: 'Payload'; count: number; message?: never } | { __typename: 'InvalidInputError'; message: string };
type Reply = { doThing: Answer };

describe('toastOutcome options', () => {
  afterEach(() => vi.restoreAllMocks());
  const done: Reply = { doThing: { __typename: 'Payload', count: 3 } };
  const refused: Reply = { doThing: { __typename: 'InvalidInputError', message: 'Too long' } };

  it('makes the success toast from the payload, of the kind asked for', () => {
    const onSuccess = vi.fn();
    const { onCompleted } = toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: (payload) => (payload.count > 0 ? `Found ${payload.count}` : { kind: 'info', text: 'Nothing new' }),
      failure: 'Failed',
      onSuccess,
    });
    onCompleted(done);
    expect(notify.success).toHaveBeenCalledWith('Found 3');
    expect(onSuccess).toHaveBeenCalledWith(done.doThing);
    onCompleted({ doThing: { __typename: 'Payload', count: 0 } });
    expect(notify.info).toHaveBeenCalledWith('Nothing new');
  });

  it('can say an error on success (a payload that found nothing)', () => {
    toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: () => ({ kind: 'error', text: 'Nothing found' }),
      failure: 'Failed',
    }).onCompleted(done);
    expect(notify.error).toHaveBeenCalledWith('Nothing found');
  });

  it('says nothing on a silent success and still goes on', () => {
    const onSuccess = vi.fn();
    toastOutcome((reply: Reply) => reply.doThing, { expected: 'Payload', success: null, failure: 'Failed', onSuccess }).onCompleted(done);
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.info).not.toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it("makes the server's reason the title when asked, with the failure text when there is none", () => {
    const { onCompleted } = toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: 'Done',
      failure: 'Failed',
      refusal: 'title',
    });
    onCompleted(refused);
    expect(notify.error).toHaveBeenCalledWith('Too long');
    onCompleted({ doThing: { __typename: 'InvalidInputError', message: '' } });
    expect(notify.error).toHaveBeenLastCalledWith('Failed');
  });

  it("makes the title from the server's reason with a function", () => {
    toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: 'Done',
      failure: 'Failed',
      refusal: (reason) => `Refused: ${reason}`,
    }).onCompleted(refused);
    expect(notify.error).toHaveBeenCalledWith('Refused: Too long');
  });

  it("makes the title and the description from the server's reason with a function", () => {
    toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: 'Done',
      failure: 'Failed',
      refusal: (reason) => ({ title: 'Could not do it', description: reason }),
    }).onCompleted(refused);
    expect(notify.error).toHaveBeenCalledWith('Could not do it', { description: 'Too long' });
  });

  it('hands the reason to onFailure, for a refusal and for a failed request', () => {
    const onFailure = vi.fn();
    const onSuccess = vi.fn();
    const outcome = toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: 'Done',
      failure: 'Failed',
      onSuccess,
      onFailure,
    });
    outcome.onCompleted(refused);
    expect(onFailure).toHaveBeenLastCalledWith('Too long');
    outcome.onError(new Error('offline'));
    expect(onFailure).toHaveBeenLastCalledWith('offline');
    expect(notify.error).toHaveBeenLastCalledWith('Failed');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows a failed request's message under the toast when asked", () => {
    toastOutcome((reply: Reply) => reply.doThing, {
      expected: 'Payload',
      success: 'Done',
      failure: 'Failed',
      describeRequestError: true,
    }).onError(new Error('offline'));
    expect(notify.error).toHaveBeenCalledWith('Failed', { description: 'offline' });
  });

  it('says nothing on a silent failure, and onFailure alone hears of it', () => {
    const onFailure = vi.fn();
    const outcome = toastOutcome((reply: Reply) => reply.doThing, { expected: 'Payload', success: null, failure: null, onFailure });
    outcome.onCompleted(refused);
    outcome.onError(new Error('offline'));
    expect(notify.error).not.toHaveBeenCalled();
    expect(onFailure.mock.calls).toEqual([['Too long'], ['offline']]);
  });
});
