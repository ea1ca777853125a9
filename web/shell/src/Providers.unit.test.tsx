import { act, render, screen } from '@testing-library/react';
import { toast } from '@12yards/ui';
import { Providers } from './Providers';

describe('the toast viewport', () => {
  it('When a server-rendered page hydrates, then the viewport waits for the first toast and shows it', async () => {
    await import('./components/toaster-chunk'); // its code at hand: only the rule keeps it from mounting
    render(
      <Providers render={{ now: Date.now() }}>
        <p>page</p>
      </Providers>,
    );
    await act(async () => void (await new Promise((r) => setTimeout(r, 50))));
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();

    act(() => void toast({ title: 'Message Sent' }));
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
  });

  it('When a page the browser renders itself (the admin) starts, then the viewport is there at once', async () => {
    render(
      <Providers>
        <p>admin</p>
      </Providers>,
    );
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });
});
