import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { formatDate } from '../../ui/dates';
import { notify } from '../../ui/toast';
import type { NewslettersSectionTestQuery } from './__generated__/NewslettersSectionTestQuery.graphql';
import { addressWithFolder, NewslettersSection } from './NewslettersSection';

const ADDRESS = 'k3j5m7p2q4r6s8t2@mail.example.org';
const NEW_ADDRESS = 'a2b3c4d5e6f7g2h3@mail.example.org';
const EXPIRES_AT = '2026-12-06T14:00:00.000Z';
const CONFIRMATION = 'The current address keeps working for 7 days, then mail to it is refused.';

const sectionQuery = graphql`
  query NewslettersSectionTestQuery {
    newsletterAddress {
      ...NewslettersSection_address
    }
  }
`;

function Section() {
  const { newsletterAddress } = useLazyLoadQuery<NewslettersSectionTestQuery>(sectionQuery, {});
  return <NewslettersSection address={newsletterAddress ?? null} />;
}

/** The section as the server answers `newsletterAddress` (null: the instance receives no mail). */
function showSection(newsletterAddress: { address: string; previous: null } | null) {
  const relay = createMockEnvironment({ NewslettersSectionTestQuery: () => ({ data: { newsletterAddress } }) });
  renderWithRouter(
    <Suspense fallback={null}>
      <Section />
    </Suspense>,
    { environment: relay.environment, path: '/settings' },
  );
  return relay;
}

const addressField = () => screen.findByLabelText<HTMLInputElement>('Your newsletter address');

/** Asks for a new address and accepts the confirmation, which sends the mutation. */
async function confirmNewAddress() {
  fireEvent.click(screen.getByRole('button', { name: 'New address' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'New address' }));
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Settings → Newsletters', () => {
  it('shows the address in a read-only field, copies it with a toast, and explains +folder with the real address', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const said = vi.spyOn(notify, 'success');
    showSection({ address: ADDRESS, previous: null });
    const field = await addressField();
    expect(field.value).toBe(ADDRESS);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText('k3j5m7p2q4r6s8t2+tech@mail.example.org')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Newsletters' }).textContent).toContain(
      'Each sender becomes a feed in your “Newsletters” folder',
    );
    expect(screen.queryByText(/previous address/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(said).toHaveBeenCalledWith('Address copied'));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('makes a new address only once the confirmation is accepted, then shows it and the old one with its end', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showSection({ address: ADDRESS, previous: null });
    await addressField();

    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(CONFIRMATION);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(relay.pendingFields()).toEqual([]);

    await confirmNewAddress();
    const regenerating = relay.take('regenerateNewsletterAddress');
    await act(async () =>
      regenerating.resolve({
        data: {
          regenerateNewsletterAddress: {
            __typename: 'NewsletterAddress',
            address: NEW_ADDRESS,
            previous: { address: ADDRESS, expiresAt: EXPIRES_AT },
          },
        },
      }),
    );
    await waitFor(async () => expect((await addressField()).value).toBe(NEW_ADDRESS));
    expect(said).toHaveBeenCalledWith('New address ready');
    const previous = screen.getByText(/Your previous address/);
    expect(previous.textContent).toBe(
      `Your previous address ${ADDRESS} keeps taking mail until ${formatDate(new Date(EXPIRES_AT), 'dateTime')}.`,
    );
    expect(previous.querySelector('time')?.getAttribute('dateTime')).toBe(EXPIRES_AT);
  });

  it('keeps the address and says why when the server refuses a new one', async () => {
    const failed = vi.spyOn(notify, 'error');
    const relay = showSection({ address: ADDRESS, previous: null });
    await addressField();
    await confirmNewAddress();
    await act(async () =>
      relay.take('regenerateNewsletterAddress').resolve({
        data: {
          regenerateNewsletterAddress: { __typename: 'RateLimitedError', __isError: 'RateLimitedError', message: 'Too many requests' },
        },
      }),
    );
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Failed to make a new address', { description: 'Too many requests' }));
    expect((await addressField()).value).toBe(ADDRESS);
  });

  it('says the instance receives no newsletters, and how an administrator sets it up, when there is no address', async () => {
    showSection(null);
    expect(
      await screen.findByText('This instance does not receive newsletters. Its administrator can set it up (INBOUND_DOMAIN).'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your newsletter address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New address' })).toBeNull();
  });
});

describe('addressWithFolder', () => {
  it('puts the folder after a plus, before the domain', () => {
    expect(addressWithFolder('key@mail.example.org', 'tech')).toBe('key+tech@mail.example.org');
  });
});
