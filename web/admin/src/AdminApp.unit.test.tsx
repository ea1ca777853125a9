import './test/setup';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '@12yards/api';
import { CSRF, mockApi, session } from './test/render';
import { mockXhr } from './test/xhr';
import AdminApp from './AdminApp';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderApp(route = '/admin12YardsDB', client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/admin12YardsDB/*" element={<AdminApp />} />
          <Route path="/admin-login" element={<p>Login page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const TAB_LABELS = [
  'Dashboard',
  'News',
  'Applications',
  'Messages',
  'FAQs',
  'Media',
  'App Gallery',
  'Service Status',
  'Templates',
  'Settings',
  'Recent activity',
  'Trash',
  'Privacy',
];

describe('Admin gate and layout', () => {
  test('When there is no session (401), then the panel goes to /admin-login', async () => {
    mockApi({
      'GET /api/auth/me': { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } },
    });
    renderApp();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-login');
  });

  test('When a stale no-session answer is cached (before logging in), then the panel asks again and opens', async () => {
    mockApi({ 'GET /api/auth/me': { body: session }, 'GET /api/admin/insights': 'pending' });
    const client = createQueryClient();
    client.setQueryData(['/api/auth/me'], null);
    renderApp('/admin12YardsDB', client);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin12YardsDB');
  });

  test('When the session check fails with a non-401 error, then the session error card shows; Try Again asks again and opens', async () => {
    let meCalls = 0;
    const api = mockApi({
      'GET /api/auth/me': () =>
        ++meCalls === 1
          ? { status: 503, body: { error: { code: 'unavailable', message: 'down' } } }
          : { body: session },
      'GET /api/admin/insights': 'pending',
    });
    renderApp();
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Failed to load your session')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin12YardsDB');
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(2);
  });

  test('When the session check is pending, then no admin content shows yet', () => {
    mockApi({ 'GET /api/auth/me': 'pending' });
    renderApp();
    expect(screen.getByText('Checking your session...')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  test('When signed in, then the title, robots noindex, header, Logout and the tabs in order show', async () => {
    mockApi({ 'GET /api/auth/me': { body: session }, 'GET /api/admin/insights': 'pending' });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Logout/ })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(TAB_LABELS);
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Loading the dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin Dashboard'));
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      expect.stringContaining('noindex'),
    );
  });

  test('When the URL says ?tab=partners, then Applications is open; choosing Messages puts ?tab=contacts in the URL', async () => {
    mockApi({
      'GET /api/auth/me': { body: session },
      'GET /api/partners': 'pending',
      'GET /api/admin/partner-action-counts': 'pending',
      'GET /api/contacts': 'pending',
    });
    renderApp('/admin12YardsDB?tab=partners');
    expect(await screen.findByText('Loading partners...')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('Loading contacts...')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin12YardsDB?tab=contacts');
  });

  test('When Logout is pressed, then POST /api/auth/logout carries the CSRF token and the panel goes to /admin-login', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: session },
      'GET /api/admin/insights': 'pending',
      'POST /api/auth/logout': { status: 204 },
    });
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: /Logout/ }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    const logout = api.writes().find((c) => c.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['X-CSRF-Token']).toBe(CSRF);
    expect(localStorage.length).toBe(0);
  });

  test('When a tab answers 401 (session expired), then the gate checks again and goes to /admin-login', async () => {
    let meCalls = 0;
    mockApi({
      'GET /api/auth/me': () =>
        ++meCalls === 1
          ? { body: session }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
      'GET /api/admin/insights': { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
    });
    renderApp();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(within(document.body).queryByRole('tab')).not.toBeInTheDocument();
  });

  describe('When an upload answers 401 (session expired), then the gate checks again and goes to /admin-login', () => {
    const expiring = (lists: Record<string, { body: unknown }>) => {
      let meCalls = 0;
      return mockApi({
        'GET /api/auth/me': () =>
          ++meCalls === 1
            ? { body: session }
            : { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
        ...lists,
      });
    };
    const expired = { error: { code: 'unauthorized', message: 'Sign in' } };

    test('a file upload (media)', async () => {
      const api = expiring({ 'GET /api/admin/media': { body: [] } });
      const xhr = mockXhr();
      renderApp('/admin12YardsDB?tab=media');
      await userEvent.click(await screen.findByRole('button', { name: /Add Media File/ }));
      const d = await screen.findByRole('dialog');
      await userEvent.upload(
        within(d).getByLabelText('File'),
        new File(['x'], 'a.png', { type: 'image/png' }),
      );
      act(() => xhr[0]!.respond(401, expired));
      expect(await screen.findByText('Login page')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(2);
    });

    test('a contract template upload', async () => {
      const api = expiring({ 'GET /api/admin/contract-templates': { body: [] } });
      const xhr = mockXhr();
      renderApp('/admin12YardsDB?tab=templates');
      await userEvent.click(await screen.findByRole('button', { name: /Upload Contract/ }));
      const d = await screen.findByRole('dialog');
      await userEvent.type(within(d).getByLabelText(/^Name/), 'Club v2');
      await userEvent.type(within(d).getByLabelText(/^Valid From/), '2025-03-01');
      await userEvent.upload(within(d).getByLabelText(/^File/), new File(['doc'], 'v2.docx'));
      await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
      await waitFor(() => expect(xhr).toHaveLength(1));
      act(() => xhr[0]!.respond(401, expired));
      expect(await screen.findByText('Login page')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(2);
    });
  });
});
