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
const RETENTION = '/api/admin/privacy/retention';
/** What the tab asked besides the retention setting it reads on opening. */
const asked = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.url !== RETENTION);
const byDefault = { months: 24, defaultMonths: 24, changedAt: null, changedBy: null };
const editor = { ...session, user: { username: 'ed', role: 'editor' as const } };

describe('Privacy tab', () => {
  test('When the email is no email, then the field says so and nothing is asked', async () => {
    const api = mockApi({});
    renderTab(<PrivacyTab />);
    await userEvent.type(screen.getByLabelText('Email address'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(asked(api)).toEqual([]);
  });

  test('When Export is clicked, then every record held is shown by service with its fields, and the JSON can be downloaded', async () => {
    const api = mockApi({ [`GET ${exportUrl}`]: { body: held } });
    renderTab(<PrivacyTab />);
    await userEvent.type(screen.getByLabelText('Email address'), ` ${EMAIL} `);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const shown = await screen.findByRole('region', { name: `Held about ${EMAIL}` });
    expect(asked(api).map((c) => c.url)).toEqual([exportUrl]);
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

  test('When an editor opens the tab, then Export and Erase are disabled and say the admin role is needed; only Erase is coloured as destructive', async () => {
    const api = mockApi({});
    renderTab(<PrivacyTab />, { as: editor });
    await userEvent.type(screen.getByLabelText('Email address'), EMAIL);
    expect(screen.getByRole('button', { name: 'Export' })).not.toHaveClass('text-destructive');
    expect(screen.getByRole('button', { name: 'Erase' })).toHaveClass('text-destructive');
    for (const name of ['Export', 'Erase']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(/admin role/i);
      await userEvent.click(button);
    }
    await waitFor(() => expect(asked(api)).toEqual([]));
  });
});

describe('Privacy tab: the retention period', () => {
  test('When an admin sets 6 months, then it is PUT with the CSRF token and the tab says 6 months, set by them', async () => {
    let current: Record<string, unknown> = byDefault;
    const api = mockApi({
      [`GET ${RETENTION}`]: () => ({ body: current }),
      [`PUT ${RETENTION}`]: ({ body }) => {
        current = {
          ...byDefault,
          ...(body as object),
          changedAt: '2026-11-26T20:40:00.000Z',
          changedBy: 'ops',
        };
        return { body: current };
      },
    });
    renderTab(<PrivacyTab />);
    const section = await screen.findByRole('region', { name: 'Retention period' });
    expect(
      await within(section).findByText(
        'Applications that never became partners and contact messages are erased automatically 24 months after their last change. This is the default.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText('Months after the last change'), '6');
    await userEvent.click(within(section).getByRole('button', { name: 'Save retention period' }));
    expect(
      await within(section).findByText(
        'Applications that never became partners and contact messages are erased automatically 6 months after their last change. Set by ops on 2026-11-26.',
      ),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: RETENTION,
        body: { months: 6 },
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
      }),
    ]);
  });

  test('When the months are out of bounds or not whole, then the field says why and nothing is saved', async () => {
    const api = mockApi({ [`GET ${RETENTION}`]: { body: byDefault } });
    renderTab(<PrivacyTab />);
    const section = await screen.findByRole('region', { name: 'Retention period' });
    await within(section).findByText(/erased automatically 24 months/);
    const field = within(section).getByLabelText('Months after the last change');
    const save = within(section).getByRole('button', { name: 'Save retention period' });
    for (const [typed, message] of [
      ['0', 'months must be at least 1'],
      ['601', 'months must be at most 600 (50 years)'],
      ['2.5', 'months must be a whole number of months'],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      await userEvent.click(save);
      expect(await within(section).findByText(message)).toBeInTheDocument();
    }
    expect(api.writes()).toEqual([]);
  });

  test('When an editor opens the tab, then they read the period, and Save is disabled saying the admin role is needed', async () => {
    const api = mockApi({ [`GET ${RETENTION}`]: { body: byDefault } });
    renderTab(<PrivacyTab />, { as: editor });
    const section = await screen.findByRole('region', { name: 'Retention period' });
    await within(section).findByText(/erased automatically 24 months/);
    const save = within(section).getByRole('button', { name: 'Save retention period' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription(/admin role/i);
    expect(within(section).getByLabelText('Months after the last change')).toBeDisabled();
    await userEvent.click(save);
    expect(api.writes()).toEqual([]);
  });
});
