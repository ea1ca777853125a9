import '../test/setup';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient, type LiveEvent } from '@12yards/api';
import { toast } from '@12yards/ui';
import { mockApi, session } from '../test/render';
import AdminApp from '../AdminApp';
import { CONTACTS_POLL_MS } from '../tabs/ContactsTab';

/** A browser's EventSource, driven by the test: `emit` delivers a server-sent event. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
  emit(type: string, data: unknown, id = '') {
    act(() => {
      for (const fn of this.listeners.get(type) ?? []) {
        fn(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
      }
    });
  }
}

let seq = 0;
const live = (over: Partial<LiveEvent> & Pick<LiveEvent, 'kind'>): LiveEvent => ({
  id: `e-${++seq}`,
  at: '2026-11-24T12:00:00.000Z',
  ...over,
});
/** A live event of something that arrived (an application, a message): the entity and its title. */
const arrived = (
  kind: 'application-submitted' | 'message-received',
  entityType: 'partner' | 'contact',
  title: string,
) => live({ kind, entityType, entityId: `${entityType}-${seq}`, title });
const application = (company: string) =>
  arrived('application-submitted', 'partner', `New application from ${company}`);
const message = (name: string) => arrived('message-received', 'contact', `New message from ${name}`);

/** The server's unread count of messages, as GET /api/admin/contacts/unread-count answers it. */
let unread = 0;
const api = () =>
  mockApi({
    'GET /api/auth/me': { body: session },
    'GET /api/admin/news': { body: [] },
    // The Dashboard, the tab the panel opens on (no chart here: its figures cannot be read).
    'GET /api/admin/insights': { status: 503, body: { error: { code: 'unavailable', message: 'x' } } },
    'GET /api/partners': { body: [] },
    'GET /api/admin/partner-action-counts': { body: [] },
    'GET /api/contacts': { body: [] },
    'GET /api/admin/contacts/unread-count': () => ({ body: { unread } }),
  });

function renderApp(route = '/admin12YardsDB') {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/admin12YardsDB/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

async function stream() {
  await screen.findByRole('heading', { name: 'Admin Dashboard' });
  await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
  const source = FakeEventSource.all[0]!;
  source.open();
  return source;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const gets = (calls: { method: string; url: string }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path).length;

beforeEach(() => {
  unread = 0;
  FakeEventSource.all = [];
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).EventSource;
});

describe('live updates in the admin panel', () => {
  test('When the dashboard opens, then it opens one live stream to the gateway, with the session cookie, and closes it when it goes', async () => {
    api();
    const { unmount } = renderApp();
    const source = await stream();
    expect(source.url).toBe('/api/admin/events');
    expect(source.init).toEqual({ withCredentials: true });
    unmount();
    expect(source.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  test('When applications arrive while another tab is open, then each is toasted and counted on Applications until that tab is opened', async () => {
    api();
    renderApp();
    const source = await stream();
    expect(tab('Applications')).toHaveAccessibleDescription('');

    source.emit('application-submitted', application('Riverside FC'));
    expect(await screen.findByText('New application from Riverside FC')).toBeInTheDocument();
    expect(tab('Applications')).toHaveAccessibleDescription('1 new');
    expect(within(tab('Applications')).getByText('1')).toBeVisible();

    source.emit('application-submitted', application('Hilltop United'));
    expect(await screen.findByText('New application from Hilltop United')).toBeInTheDocument();
    expect(tab('Applications')).toHaveAccessibleDescription('2 new');
    expect(tab('Messages')).toHaveAccessibleDescription('');

    await userEvent.click(tab('Applications'));
    await waitFor(() => expect(tab('Applications')).toHaveAccessibleDescription(''));
  });

  test('When an application arrives while Applications is open, then the list is read again and toasted, with no count', async () => {
    const { calls } = api();
    renderApp('/admin12YardsDB?tab=partners');
    const source = await stream();
    await waitFor(() => expect(gets(calls, '/api/partners')).toBe(1));

    source.emit('application-submitted', application('Riverside FC'));
    await waitFor(() => expect(gets(calls, '/api/partners')).toBe(2));
    expect(gets(calls, '/api/admin/partner-action-counts')).toBe(2);
    expect(await screen.findByText('New application from Riverside FC')).toBeInTheDocument();
    expect(tab('Applications')).toHaveAccessibleDescription('');
  });

  test('When the panel opens, then Messages shows the server’s unread count (what a reload shows too)', async () => {
    unread = 2;
    api();
    renderApp();
    await waitFor(() => expect(tab('Messages')).toHaveAccessibleDescription('2 unread'));
    expect(within(tab('Messages')).getByText('2')).toBeVisible();
  });

  test('When a message arrives, then it is toasted with its sender and Messages shows the unread count read again', async () => {
    unread = 1;
    api();
    renderApp();
    const source = await stream();
    await waitFor(() => expect(tab('Messages')).toHaveAccessibleDescription('1 unread'));
    unread = 2;
    source.emit('message-received', message('Ann Lee'));
    expect(await screen.findByText('New message from Ann Lee')).toBeInTheDocument();
    await waitFor(() => expect(tab('Messages')).toHaveAccessibleDescription('2 unread'));
    expect(tab('Applications')).toHaveAccessibleDescription('');
  });

  test('When a message is read elsewhere, then the Messages count goes down, also while Messages is open', async () => {
    unread = 1;
    api();
    renderApp('/admin12YardsDB?tab=contacts');
    const source = await stream();
    await waitFor(() => expect(tab('Messages')).toHaveAccessibleDescription('1 unread'));
    unread = 0;
    source.emit('message-changed', live({ kind: 'message-changed', entityType: 'contact', entityId: 'm1' }));
    await waitFor(() => expect(tab('Messages')).toHaveAccessibleDescription(''));
  });

  test('When an entity changes, then its history, the activity feed and its list are made stale, with no toast or count', async () => {
    api();
    const { client } = renderApp();
    const source = await stream();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    // One toast is shown at a time: a toast for the change would replace this one.
    act(() => void toast({ title: 'Earlier toast' }));
    source.emit('message-changed', live({ kind: 'message-changed', entityType: 'contact', entityId: 'm9' }));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['/api/contacts'],
        ['/api/admin/activity'],
        ['/api/admin/history', 'contact', 'm9'],
      ]),
    );
    invalidate.mockClear();
    source.emit('content-changed', live({ kind: 'content-changed', entityType: 'news', entityId: 'n1' }));
    expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual(
      expect.arrayContaining([
        ['/api/admin/news'],
        ['/api/admin/history', 'news', 'n1'],
        ['/api/admin/insights'],
      ]),
    );
    expect(tab('Messages')).toHaveAccessibleDescription('');
    expect(screen.getByText('Earlier toast')).toBeInTheDocument();
  });

  test('When the gateway says resync (what was missed is gone), then every list is read again', async () => {
    const { calls } = api();
    renderApp();
    const source = await stream();
    await waitFor(() => expect(gets(calls, '/api/admin/insights')).toBe(1));
    source.emit('resync', { reason: 'gone' });
    await waitFor(() => expect(gets(calls, '/api/admin/insights')).toBe(2));
    expect(gets(calls, '/api/auth/me')).toBe(1);
  });

  test('When the stream is open, Messages stops polling; when it breaks, the 5 s polling comes back', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { calls } = api();
      renderApp('/admin12YardsDB?tab=contacts');
      const source = await stream();
      await waitFor(() => expect(gets(calls, '/api/contacts')).toBe(1));
      await act(() => jest.advanceTimersByTimeAsync(CONTACTS_POLL_MS * 3));
      expect(gets(calls, '/api/contacts')).toBe(1);

      source.fail();
      await act(() => jest.advanceTimersByTimeAsync(CONTACTS_POLL_MS * 2 + 100));
      expect(gets(calls, '/api/contacts')).toBeGreaterThanOrEqual(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
