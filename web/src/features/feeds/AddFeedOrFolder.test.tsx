import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { AddFeedOrFolder } from './AddFeedOrFolder';

function show(addFeedRequest = 0) {
  const relay = createMockEnvironment();
  const view = render(
    <RelayEnvironmentProvider environment={relay.environment}>
      <AddFeedOrFolder addFeedRequest={addFeedRequest} />
    </RelayEnvironmentProvider>,
  );
  const rerender = (request: number) =>
    view.rerender(
      <RelayEnvironmentProvider environment={relay.environment}>
        <AddFeedOrFolder addFeedRequest={request} />
      </RelayEnvironmentProvider>,
    );
  return { ...relay, rerender };
}

const addFeed = () => screen.getByRole('button', { name: 'Add feed' });
const newFolder = () => screen.getByRole('button', { name: 'New folder' });

afterEach(cleanup);

describe('Add feed and New folder', () => {
  it('are two buttons; each opens its form with the focus in its field, one form at a time', () => {
    show();
    expect(screen.queryByRole('form')).toBeNull();
    expect(addFeed().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(addFeed());
    const form = screen.getByRole('form', { name: 'Add feed' });
    expect(addFeed().getAttribute('aria-expanded')).toBe('true');
    expect(addFeed().getAttribute('aria-controls')).toBe(form.id);
    expect(document.activeElement).toBe(screen.getByLabelText('Feed or website URL'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Detect' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Feed' }).disabled).toBe(true);

    fireEvent.click(newFolder());
    expect(screen.queryByRole('form', { name: 'Add feed' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Create folder' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('New folder name'));
    expect(screen.getByLabelText('New folder name').getAttribute('maxlength')).toBe('100');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
  });

  it('closes on Escape or Cancel and gives the focus back to its button; the button closes it too', () => {
    show();
    fireEvent.click(addFeed());
    fireEvent.change(screen.getByLabelText('Feed or website URL'), { target: { value: 'example.com' } });
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => void screen.getByRole('button', { name: 'Detect' }).dispatchEvent(escape));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(addFeed());
    // The screen's own Escape (the reader's back, the list's clear) does not run as well.
    expect(escape.defaultPrevented).toBe(true);

    fireEvent.click(newFolder());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(newFolder());

    fireEvent.click(newFolder());
    fireEvent.click(newFolder());
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('closes once the folder is created, with the focus on its button; a refusal keeps it open', async () => {
    const relay = show();
    fireEvent.click(newFolder());
    fireEvent.change(screen.getByLabelText('New folder name'), { target: { value: '  Morning ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const refused = relay.take('createFolder');
    expect(refused.variables).toEqual({ name: 'Morning' });
    await act(async () =>
      refused.resolve({ data: { createFolder: { __typename: 'ConflictError', message: 'A folder with this name already exists' } } }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('New folder name').value).toBe('  Morning ');

    fireEvent.change(screen.getByLabelText('New folder name'), { target: { value: 'Evening' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await act(async () =>
      relay.take('createFolder').resolve({ data: { createFolder: { __typename: 'Folder', id: 'Rm9sZGVyOjE=', name: 'Evening' } } }),
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(newFolder());
  });

  it('opens Add feed with the focus in its field on a request, whether made before it showed or while it shows', () => {
    show(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Feed or website URL'));
    cleanup();

    const { rerender } = show();
    fireEvent.click(newFolder());
    rerender(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Feed or website URL'));
    screen.getByRole('button', { name: 'Detect' }).focus();
    rerender(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Feed or website URL'));
  });
});
