import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { PartnerType } from '@12yards/api';
import { Button } from '@12yards/ui';
import { ApplicationDialog } from './ApplicationDialog';
import { quietApi, renderApp, renderWithProviders, storeConsent } from '../test/render';

jest.setTimeout(20_000);

/** The partners cards' behaviour in small: a button per type opens the dialog, closing resets the type. */
function Harness() {
  const [type, setType] = useState<PartnerType | null>(null);
  return (
    <>
      <Button onClick={() => setType('club')}>Apply as a Club</Button>
      <Button onClick={() => setType('influencer')}>Apply as an Influencer</Button>
      <output data-testid="type">{type ?? 'none'}</output>
      <ApplicationDialog type={type} onClose={() => setType(null)} />
    </>
  );
}

async function openApplication(card: 'club' | 'influencer', whole = false) {
  if (!whole) renderWithProviders(<Harness />);
  const button = await screen.findByRole('button', {
    name: card === 'club' ? /Apply as a Club/ : /Apply as an Influencer/,
  });
  await userEvent.click(button);
  return screen.findByRole('dialog', {
    name: card === 'club' ? 'Football Club Partnership Application' : 'Influencer Partnership Application',
  });
}

const submit = (d: HTMLElement) =>
  userEvent.click(within(d).getByRole('button', { name: /Submit Application/ }));

async function fillCommon(d: HTMLElement) {
  await userEvent.type(within(d).getByLabelText(/^Full Name/), 'Sam Fan');
  await userEvent.type(within(d).getByLabelText(/^Email/), 'sam@example.com');
  await userEvent.type(within(d).getByLabelText(/^Tell us more about your goals/), 'Grow our community');
}

describe('Partner application dialog', () => {
  beforeEach(() => storeConsent());

  it('When a club applies, then name, email, club name, position and goals are marked required for the browser', async () => {
    quietApi();
    const d = within(await openApplication('club'));
    for (const label of [
      /^Full Name/,
      /^Email/,
      /^Club Name/,
      /^Your Position/,
      /^Tell us more about your goals/,
    ])
      expect(d.getByLabelText(label)).toHaveAttribute('required');
    expect(d.getByLabelText(/^Club Website/)).not.toHaveAttribute('required');
    expect(d.getByLabelText(/^Club Website/)).toHaveAttribute('type', 'url');
    expect(d.getByLabelText(/^Target Number of Members/)).not.toHaveAttribute('required');
    expect(d.getByRole('button', { name: /Submit Application/ }).closest('form')).toHaveAttribute(
      'novalidate',
    );
  });

  it('When an influencer applies, then total followers is marked required and each single social account is not', async () => {
    quietApi();
    const d = within(await openApplication('influencer'));
    for (const label of [/^Full Name/, /^Email/, /^Total Followers/, /^Tell us more about your goals/])
      expect(d.getByLabelText(label)).toHaveAttribute('required');
    for (const label of [/^X \(Twitter\)/, /^Instagram/, /^TikTok/, /^Facebook/, /^Known As/])
      expect(d.getByLabelText(label)).not.toHaveAttribute('required');
  });

  it('When an influencer gives no social account, then the social media message shows and nothing is sent', async () => {
    const { calls } = quietApi();
    const d = await openApplication('influencer');
    await fillCommon(d);
    await userEvent.type(within(d).getByLabelText(/^Total Followers/), '65000');
    await submit(d);
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText('Please provide at least one social media account.').length).toBeGreaterThan(
      0,
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('When an influencer gives an account but no follower total, then the followers message shows', async () => {
    quietApi();
    const d = await openApplication('influencer');
    await fillCommon(d);
    await userEvent.type(within(d).getByLabelText(/^Instagram/), '@samfan');
    await submit(d);
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText('Please provide the total number of followers.').length).toBeGreaterThan(0);
  });

  it('When a club leaves required fields empty, then the Validation Error toast asks for all required fields', async () => {
    quietApi();
    const d = await openApplication('club');
    await submit(d);
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields correctly.')).toBeInTheDocument();
    expect(within(d).getByText('Club name is required')).toBeInTheDocument();
    expect(within(d).getByText('Position is required')).toBeInTheDocument();
  });

  it('When a club application is accepted, then the button reads Submitting Application... while pending, then the success toast shows and the dialog closes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = quietApi({ 'POST /api/partners': { status: 201, body: { id: 'p1' } } });
    const base = global.fetch;
    global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await gate;
      return base(input, init);
    }) as typeof fetch;
    const d = await openApplication('club');
    await fillCommon(d);
    await userEvent.type(within(d).getByLabelText(/^Club Name/), 'Riverside FC');
    await userEvent.type(within(d).getByLabelText(/^Your Position/), 'Chair');
    await userEvent.type(within(d).getByLabelText(/^Club Website/), 'https://riverside.example');
    await submit(d);
    const pending = await within(d).findByRole('button', { name: /Submitting Application.../ });
    expect(pending).toBeDisabled();
    release();
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('type')).toHaveTextContent('none');
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/partners');
    expect(post?.body).toMatchObject({
      type: 'club',
      name: 'Sam Fan',
      organization: 'Riverside FC',
      position: 'Chair',
    });
  });

  it('When the server fails, then the toast reads Something went wrong and the dialog stays open', async () => {
    quietApi({ 'POST /api/partners': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const d = await openApplication('influencer');
    await fillCommon(d);
    await userEvent.type(within(d).getByLabelText(/^TikTok/), '@sam');
    await userEvent.type(within(d).getByLabelText(/^Total Followers/), '16000');
    await submit(d);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Influencer Partnership Application' })).toBeInTheDocument();
  });

  it('When the server answers 400 on socialMedia, then the influencer message is shown', async () => {
    quietApi({
      'POST /api/partners': {
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'Invalid input',
            details: [{ path: ['socialMedia'], message: 'x' }],
          },
        },
      },
    });
    const d = await openApplication('influencer');
    await fillCommon(d);
    await userEvent.type(within(d).getByLabelText(/^Facebook/), 'samfan');
    await userEvent.type(within(d).getByLabelText(/^Total Followers/), '1000');
    await submit(d);
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please provide the total number of followers.')).toBeInTheDocument();
  });

  it('When the Football Club card of the home page is chosen, then the application dialog opens with its title', async () => {
    quietApi();
    renderApp('/');
    const d = await openApplication('club', true);
    expect(within(d).getByLabelText(/^Club Name/)).toBeInTheDocument();
    expect(
      within(d).getByText('We review every application and reply within 24-48 hours.'),
    ).toBeInTheDocument();
  });
});
