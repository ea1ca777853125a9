import '../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockApi, renderTab } from '../test/render';
import { SettingsTab } from './SettingsTab';

describe('Settings tab', () => {
  test('When the setting was never saved (404), then the switch is on (the default)', async () => {
    mockApi({
      'GET /api/settings/show_app_gallery': {
        status: 404,
        body: { error: { code: 'not_found', message: 'x' } },
      },
    });
    renderTab(<SettingsTab />);
    expect(await screen.findByRole('switch', { name: 'Show App Gallery' })).toBeChecked();
  });

  test("When the value is 'true' and the switch is turned off, then PUT sends value 'false'", async () => {
    const api = mockApi({
      'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'true' } },
      'PUT /api/admin/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'false' } },
    });
    renderTab(<SettingsTab />);
    const toggle = await screen.findByRole('switch', { name: 'Show App Gallery' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', url: '/api/admin/settings/show_app_gallery' });
    expect(api.writes()[0]!.body).toMatchObject({ value: 'false' });
    expect(await screen.findByText('Setting updated successfully')).toBeInTheDocument();
  });

  test('When saving fails, then Error / Failed to update setting. Please try again. shows', async () => {
    mockApi({
      'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'false' } },
      'PUT /api/admin/settings/show_app_gallery': failure(),
    });
    renderTab(<SettingsTab />);
    const toggle = await screen.findByRole('switch', { name: 'Show App Gallery' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to update setting. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show App Gallery' })).not.toBeChecked();
  });
});
