import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@12yards/ui';
import { ContactDialog } from './ContactDialog';
import { quietApi, renderApp, renderWithProviders, storeConsent } from '../test/render';

jest.setTimeout(20_000);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Contact Us</Button>
      <ContactDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Opens the dialog with the harness's Contact Us button, or the footer's Contact Us link (to /#contact). */
async function openContact(render = true, role: 'button' | 'link' = 'button') {
  if (render) renderWithProviders(<Harness />);
  await userEvent.click(await screen.findByRole(role, { name: 'Contact Us' }));
  return screen.findByRole('dialog', { name: 'Get in Touch' });
}

async function fill(dialog: HTMLElement) {
  const d = within(dialog);
  await userEvent.type(d.getByLabelText(/^Name/), 'Alex Morgan');
  await userEvent.type(d.getByLabelText(/^Email/), 'alex@club.example');
  await userEvent.type(d.getByLabelText(/^Subject/), 'Demo');
  await userEvent.type(d.getByLabelText(/^Message/), 'Tell me more');
}

describe('Get in Touch dialog and contact form', () => {
  beforeEach(() => storeConsent());

  it('When opened, then it shows the e-mail, a UK phone number, London UK, the response time and the partnership note', async () => {
    quietApi();
    const dialog = await openContact();
    expect(within(dialog).getAllByText('hello@12yards.com').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('+44 20 7946 0123')).toBeInTheDocument();
    expect(within(dialog).getByText(/London, UK/)).toBeInTheDocument();
    expect(within(dialog).getByText(/within 24 hours on business days/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/football clubs,\s+influencers and technology partners/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Send us a Message' })).toBeInTheDocument();
  });

  it('When opened, then all four fields are marked required for the browser, while the form leaves the messages to us', async () => {
    quietApi();
    const dialog = await openContact();
    const d = within(dialog);
    for (const label of [/^Name/, /^Email/, /^Subject/, /^Message/])
      expect(d.getByLabelText(label)).toHaveAttribute('required');
    expect(d.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(d.getByRole('form', { name: 'Send us a Message' })).toHaveAttribute('novalidate');
  });

  it('When submitted empty, then every field is rejected with a message and nothing is sent', async () => {
    const { calls } = quietApi();
    const dialog = await openContact();
    await userEvent.click(within(dialog).getByRole('button', { name: /Send Message/ }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('When the message is accepted, then the success toast shows, the dialog closes and the form is reset', async () => {
    const { calls } = quietApi({ 'POST /api/contacts': { status: 201, body: { id: 'c1' } } });
    const dialog = await openContact();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for your message. We'll get back to you soon.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Get in Touch' })).not.toBeInTheDocument(),
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Alex Morgan',
      email: 'alex@club.example',
      subject: 'Demo',
      message: 'Tell me more',
    });
    expect(post.init?.credentials).toBe('include');
    const reopened = await openContact(false);
    expect(within(reopened).getByLabelText(/^Name/)).toHaveValue('');
  });

  it('When the server answers non-OK, then the destructive Error toast shows and the dialog stays open', async () => {
    quietApi({
      'POST /api/contacts': { status: 500, body: { error: { code: 'internal', message: 'boom' } } },
    });
    const dialog = await openContact();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Get in Touch' })).toBeInTheDocument();
  });

  it('When the network fails, then the toast reads Network error', async () => {
    quietApi({ 'POST /api/contacts': 'network-error' });
    const dialog = await openContact();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Get in Touch' })).toBeInTheDocument();
  });

  it('When Contact Us in the footer of the home page is chosen, then the Get in Touch dialog opens', async () => {
    quietApi();
    renderApp('/');
    const dialog = await openContact(false, 'link');
    expect(dialog).toBeInTheDocument();
  });
});
