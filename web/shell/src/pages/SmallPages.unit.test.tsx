import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '@12yards/api';
import { Providers } from '../Providers';
import AdminLoginPage from './AdminLoginPage';
import { quietApi, renderApp, storeConsent } from '../test/render';

jest.setTimeout(20_000);

beforeEach(() => storeConsent());
afterEach(() => jest.useRealTimers());

describe('/partner-console', () => {
  it('When Sign In is pressed, then after about 1 s the account-does-not-exist message shows', async () => {
    jest.useFakeTimers();
    quietApi();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp('/partner-console');
    await user.type(await screen.findByLabelText('Email'), 'partner@club.example');
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    act(() => jest.advanceTimersByTime(999));
    expect(screen.queryByText('Account does not exist, please check your details.')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Account does not exist, please check your details.');
  });
});

describe('unknown routes', () => {
  it('When the path matches no route, then the page reads 404 Page Not Found', async () => {
    quietApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it('When the privacy policy opens, then it is dated December 2024, covers UK law and the banner cookie categories', async () => {
    quietApi();
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: December 2024')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Cookies/ })).toBeInTheDocument();
    for (const c of ['Necessary:', 'Analytics:', 'Marketing:', 'Functional:'])
      expect(screen.getByText(c)).toBeInTheDocument();
  });

  it('When the terms open, then they require age 13 and guardian consent under 18, under UK law', async () => {
    quietApi();
    renderApp('/terms-of-service');
    expect(
      await screen.findByText('You must be at least 13 years old to use the Services.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /If you are under 18, you may use the Services only with the consent of a parent or guardian/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of England and Wales \(UK law\)/)).toBeInTheDocument();
  });
});

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/admin-login']}>
      <Providers client={createQueryClient()}>
        <Routes>
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="/admin12YardsDB" element={<p>admin panel here</p>} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
}

describe('/admin-login', () => {
  it('When submitted empty, then both required messages show and nothing is sent', async () => {
    const { calls } = quietApi();
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('When the credentials are wrong, then Authenticating... shows while pending and the Authentication Failed toast follows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    quietApi({
      'POST /api/auth/login': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Invalid username or password' } },
      },
    });
    const base = global.fetch;
    global.fetch = (async (i: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return base(i, init);
    }) as typeof fetch;
    renderLogin();
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: /Authenticating.../ })).toBeDisabled();
    release();
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.queryByText('admin panel here')).not.toBeInTheDocument();
  });

  it('When the server accepts the login, then the browser goes to /admin12YardsDB', async () => {
    const { calls } = quietApi({
      'POST /api/auth/login': { body: { user: { username: 'admin', role: 'admin' }, csrfToken: 't' } },
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('admin panel here')).toBeInTheDocument();
    const login = () => calls.find((c) => c.method === 'POST');
    await waitFor(() => expect(login()?.body).toEqual({ username: 'admin', password: 'right' }));
    expect(login()?.init?.credentials).toBe('include');
  });

  it('When an admin who is already signed in opens /admin-login, then the panel opens instead of the form', async () => {
    const { calls } = quietApi({
      'GET /api/auth/me': { body: { user: { username: 'admin', role: 'admin' }, csrfToken: 't' } },
    });
    renderLogin();
    expect(await screen.findByText('admin panel here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('When nobody is signed in (401), then the form stays', async () => {
    quietApi({
      'GET /api/auth/me': { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
    });
    renderLogin();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('admin panel here')).not.toBeInTheDocument();
  });
});
