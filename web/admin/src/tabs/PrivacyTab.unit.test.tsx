import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivacyErasureResult, PrivacyExport } from '@12yards/api';
import { CSRF, mockApi, renderTab, session } from '../test/render';
import { PrivacyTab } from './PrivacyTab';

const EMAIL = 'ann@riverside.example';
const held: PrivacyExport = {
  email: EMAIL,
  exportedAt: '2026-11-26T10:00:00.000Z',
  nothingHeld: false,
  summary: '1 application and 1 contract',
  services: [
    {
      service: 'partners',
      retentionMonths: 24,
      records: [
        {
          kind: 'application',
          id: 'p1',
          title: 'Application (club), received 2026-11-20',
          fields: { Name: 'Ann Lee', Email: EMAIL },
        },
      ],
    },
    {
      service: 'contracts',
      records: [
        {
          kind: 'contract',
          id: 'c1',
          title: 'Contract with Riverside Ltd, 2026-12-01 to 2027-11-30',
          fields: { 'Client phone': '+44 1632 960000' },
        },
      ],
    },
  ],
};
const erased: PrivacyErasureResult = {
  emailHash: 'abc',
  nothingLeft: false,
  message: 'Erased personal data: 1 application and 1 contract',
  services: [
    { service: 'partners', erased: [{ kind: 'application', id: 'p1' }] },
    { service: 'contracts', erased: [{ kind: 'contract', id: 'c1' }] },
  ],
};
const exportUrl = `/api/admin/privacy/export?email=${encodeURIComponent(EMAIL)}`;
const editor = { ...session, user: { username: 'ed', role: 'editor' as const } };

describe('Privacy tab', () => {
  test('When the email is no email, then the field says so and nothing is asked', async () => {
    const api = mockApi({});
    renderTab(<PrivacyTab />);
    await userEvent.type(screen.getByLabelText('Email address'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  test('When Export is clicked, then every record held is shown by service with its fields, and the JSON can be downloaded', async () => {
    const api = mockApi({ [`GET ${exportUrl}`]: { body: held } });
    renderTab(<PrivacyTab />);
    await userEvent.type(screen.getByLabelText('Email address'), ` ${EMAIL} `);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const shown = await screen.findByRole('region', { name: `Held about ${EMAIL}` });
    expect(api.calls.map((c) => c.url)).toEqual([exportUrl]);
    expect(within(shown).getByText('1 application and 1 contract')).toBeInTheDocument();
    expect(within(shown).getByRole('heading', { name: 'Applications and messages' })).toBeInTheDocument();
    expect(within(shown).getByText('Application (club), received 2026-11-20')).toBeInTheDocument();
    expect(within(shown).getByText('+44 1632 960000')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Download JSON' })).toBeInTheDocument();
    expect(shown).toHaveTextContent(
      'Retention (applications and messages): applications that never became partners and messages are erased automatically 24 months after their last change.',
    );
  });

  test('When Erase is clicked, then the dialog names what will be erased; confirming POSTs with the CSRF token and shows what each service erased', async () => {
    const api = mockApi({
      [`GET ${exportUrl}`]: { body: held },
      'POST /api/admin/privacy/erasure': { body: erased },
    });
    renderTab(<PrivacyTab />);
    await userEvent.type(screen.getByLabelText('Email address'), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`everything held about ${EMAIL}: 1 application and 1 contract`);
    expect(
      within(dialog).getByText('Contract with Riverside Ltd, 2026-12-01 to 2027-11-30'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Erased personal data: 1 application and 1 contract');
    expect(result).toHaveTextContent('Applications and messages: 1 application');
    expect(result).toHaveTextContent('Contracts and documents: 1 contract');
    expect(api.writes()).toEqual([
      expect.objectContaining({
        body: { email: EMAIL },
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
      }),
    ]);
  });

  test('When a service does not answer, then the toast names it', async () => {
    mockApi({
      [`GET ${exportUrl}`]: {
        status: 503,
        body: {
          error: {
            code: 'unavailable',
            message: 'The contracts service did not answer; please try again shortly',
          },
        },
      },
    });
    renderTab(<PrivacyTab />);
    await userEvent.type(screen.getByLabelText('Email address'), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText(
        'Failed to export personal data. The contracts service did not answer; please try again shortly',
      ),
    ).toBeInTheDocument();
  });

  test('When an editor opens the tab, then Export and Erase are disabled and say the admin role is needed', async () => {
    const api = mockApi({});
    renderTab(<PrivacyTab />, { as: editor });
    await userEvent.type(screen.getByLabelText('Email address'), EMAIL);
    for (const name of ['Export', 'Erase']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(/admin role/i);
      await userEvent.click(button);
    }
    await waitFor(() => expect(api.calls).toEqual([]));
  });
});
