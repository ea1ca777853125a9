import '../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockApi, renderTab } from '../test/render';
import { ContactsTab, CONTACTS_POLL_MS } from './ContactsTab';

const msg = (over = {}) => ({
  id: 'm1',
  name: 'Alex Fan',
  email: 'alex@fan.test',
  subject: 'Season tickets',
  message: 'How do I join?',
  status: 'unread',
  createdAt: '2025-01-05T10:00:00.000Z',
  ...over,
});

describe('Messages tab', () => {
  afterEach(() => jest.useRealTimers());

  test('When there are none, then it says No contacts found', async () => {
    mockApi({ 'GET /api/contacts': { body: [] } });
    renderTab(<ContactsTab />);
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Messages' })).toBeInTheDocument();
  });

  test('When messages load, then name, email, subject, message and status show with both actions', async () => {
    mockApi({
      'GET /api/contacts': {
        body: [msg(), msg({ id: 'm2', name: 'Bo', message: 'Thanks', status: 'responded' })],
      },
    });
    renderTab(<ContactsTab />);
    const card = (await screen.findByText(/Alex Fan/)).closest('li')!;
    expect(within(card).getByText('How do I join?')).toBeInTheDocument();
    expect(within(card).getByText('Season tickets')).toBeInTheDocument();
    expect(within(card).getByText('alex@fan.test')).toBeInTheDocument();
    expect(within(card).getByText(/Alex Fan/)).toBeInTheDocument();
    expect(within(card).getByText('Unread')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /as read/ })).toBeEnabled();
    expect(within(card).getByRole('button', { name: /as responded/ })).toBeEnabled();
    expect(within(card).getByRole('button', { name: /as unread/ })).toBeDisabled();
    expect(screen.getByText('Responded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark message from Bo as responded' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark message from Bo as read' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark message from Bo as unread' })).toBeEnabled();
  });

  test('When a responded message is marked unread again, then PUT carries unread and it is confirmed', async () => {
    const api = mockApi({
      'GET /api/contacts': { body: [msg({ status: 'responded' })] },
      'PUT /api/admin/contacts/m1': { body: msg({ status: 'unread' }) },
      'GET /api/admin/contacts/unread-count': { body: { unread: 1 } },
    });
    renderTab(<ContactsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /as unread/ }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ url: '/api/admin/contacts/m1', body: { status: 'unread' } });
    expect(await screen.findByText('Contact status updated successfully')).toBeInTheDocument();
  });

  test('When Mark as Read / Mark as Responded are pressed, then PUT /api/admin/contacts/:id carries the status', async () => {
    const api = mockApi({
      'GET /api/contacts': { body: [msg()] },
      'PUT /api/admin/contacts/m1': { body: msg({ status: 'read' }) },
    });
    renderTab(<ContactsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /as read/ }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /as responded/ }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/admin/contacts/m1', { status: 'read' }],
      ['PUT', '/api/admin/contacts/m1', { status: 'responded' }],
    ]);
  });

  test('When the status change fails, then Error / Failed to update contact status shows', async () => {
    mockApi({ 'GET /api/contacts': { body: [msg()] }, 'PUT /api/admin/contacts/m1': failure() });
    renderTab(<ContactsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /as read/ }));
    expect(await screen.findByText('Failed to update contact status')).toBeInTheDocument();
  });

  test('When 5 s pass, then the list is fetched again; Refresh fetches at once', async () => {
    jest.useFakeTimers();
    let n = 0;
    const api = mockApi({ 'GET /api/contacts': () => ({ body: [msg({ subject: `Poll ${++n}` })] }) });
    renderTab(<ContactsTab />);
    expect(await screen.findByText('Poll 1')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(CONTACTS_POLL_MS);
    });
    expect(await screen.findByText('Poll 2')).toBeInTheDocument();
    expect(CONTACTS_POLL_MS).toBe(5000);
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(await screen.findByText('Poll 3')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/contacts')).toHaveLength(3);
  });
});
