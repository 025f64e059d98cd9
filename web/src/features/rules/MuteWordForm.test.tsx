import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { MuteWordForm } from './MuteWordForm';

function renderForm() {
  const relay = createMockEnvironment();
  render(
    <RelayEnvironmentProvider environment={relay.environment}>
      <MuteWordForm />
    </RelayEnvironmentProvider>,
  );
  return relay;
}

afterEach(cleanup);

describe('Mute a word', () => {
  it('adds a hide rule for everything on the title and content, and empties the field', async () => {
    const relay = renderForm();
    const field = screen.getByRole('textbox', { name: 'Mute a word' }) as HTMLInputElement;
    expect((screen.getByRole('button', { name: 'Mute' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '  crypto ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    const operation = relay.take('createFilterRule');
    expect(operation.variables.input).toEqual({
      pattern: 'crypto',
      isRegex: false,
      fields: ['title', 'content'],
      action: 'hide',
      feedId: null,
      folderId: null,
    });
    await act(async () =>
      operation.resolve({
        data: {
          createFilterRule: {
            __typename: 'FilterRule',
            id: 'RmlsdGVyUnVsZTox',
            pattern: 'crypto',
            isRegex: false,
            fields: ['title', 'content'],
            action: 'hide',
            feed: null,
            folder: null,
          },
        },
      }),
    );
    expect(field.value).toBe('');
  });

  it('shows the refusal under the field', async () => {
    const relay = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Mute a word' }), { target: { value: '!!!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    await act(async () =>
      relay.take('createFilterRule').resolve({
        data: {
          createFilterRule: {
            __typename: 'InvalidInputError',
            __isError: 'InvalidInputError',
            message: 'Enter at least one word with letters or digits',
          },
        },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Enter at least one word with letters or digits');
    expect(screen.getByRole('textbox', { name: 'Mute a word' }).getAttribute('aria-invalid')).toBe('true');
  });
});
