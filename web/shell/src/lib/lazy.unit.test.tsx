import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { lazyDialog } from './lazy';
import { renderWithProviders } from '../test/render';

function Page({ Dialog }: { Dialog: ComponentType<{ open: boolean }> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1>Home</h1>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} />
    </>
  );
}

describe('lazyDialog', () => {
  afterEach(() => jest.restoreAllMocks());

  it('When the dialog code loads, then the dialog shows once opened', async () => {
    const Dialog = lazyDialog(
      async () =>
        function Loaded({ open }: { open: boolean }) {
          return open ? <div role="dialog" aria-label="Loaded dialog" /> : null;
        },
      (p: { open: boolean }) => p.open,
    );
    renderWithProviders(<Page Dialog={Dialog} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeInTheDocument();
  });

  it('When the dialog code fails to download, then an error toast offers a reload and the page stays', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Dialog = lazyDialog(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      (p: { open: boolean }) => p.open,
    );
    renderWithProviders(<Page Dialog={Dialog} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(
      await screen.findByText('This could not be opened. Please reload the page and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
