import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Partner, PartnerAction } from '@12yards/api';
import { CSRF, sentWrite, failure, mockApi, renderTab } from '../test/render';
import { contractFixture } from '../test/fixtures';
import { openDialog, pasteInto, retype, typeFields } from '../test/dialogs';
import { PartnersTab } from './PartnersTab';

// Typing the thirteen fields of a contract takes several seconds in jsdom on a busy machine.
jest.setTimeout(30_000);

const club: Partner = {
  id: 'p1',
  name: 'Riverside FC',
  type: 'club',
  email: 'club@riverside.test',
  organization: 'Riverside Football Club',
  position: 'Chairman',
  webAddress: 'https://riverside.test',
  targetMembers: '5000',
  membershipType: 'paid',
  message: 'We want an app',
  status: 'Pending',
  statusLocked: false,
  activeContracts: 0,
  createdAt: '2025-01-05T10:00:00.000Z',
};
const influencer: Partner = {
  id: 'p2',
  name: 'Jo Striker',
  type: 'influencer',
  email: 'jo@striker.test',
  knownAs: 'JoS',
  twitterAccount: '@jos',
  instagramAccount: 'jos.ig',
  totalFollowers: '120000',
  message: 'Big audience',
  status: 'Partner',
  statusLocked: true,
  activeContracts: 1,
  createdAt: '2025-01-06T10:00:00.000Z',
};
const action = (over: Partial<PartnerAction>): PartnerAction => ({
  id: 'a1',
  partnerId: 'p1',
  actionText: 'Call the chairman',
  dueDate: null,
  notes: null,
  isCompleted: false,
  completedAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
  isOverdue: false,
  ...over,
});
const contract = contractFixture();

const lists = {
  'GET /api/partners': { body: [club, influencer] },
  'GET /api/admin/partner-action-counts': { body: [{ partnerId: 'p1', openActionsCount: 2 }] },
};

/** The Applications tab with Riverside FC's details open (no notes yet); `write` answers the write under test. */
/** New Club (new@club.test) typed into the Add Application dialog and Create Application pressed. */
async function createNewClub(d: HTMLElement) {
  await userEvent.type(within(d).getByLabelText(/^Name/), 'New Club');
  await userEvent.type(within(d).getByLabelText(/^Email/), 'new@club.test');
  await userEvent.click(within(d).getByRole('button', { name: 'Create Application' }));
}

async function viewRiverside(write: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ ...lists, 'GET /api/admin/partners/p1/actions': { body: [] }, ...write });
  renderTab(<PartnersTab />);
  await userEvent.click(await screen.findByRole('button', { name: 'View Riverside FC' }));
  return { api, d: await screen.findByRole('dialog') };
}

/** Downloads caught instead of saved: the file names of the links clicked, and the spy to restore. */
function catchDownloads() {
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:doc');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { saved, click };
}

describe('Applications tab', () => {
  test('When partners are loading, then it says Loading partners...', () => {
    mockApi({ 'GET /api/partners': 'pending', 'GET /api/admin/partner-action-counts': 'pending' });
    renderTab(<PartnersTab />);
    expect(screen.getByText('Loading partners...')).toBeInTheDocument();
  });

  test('When there are no partners, then the empty text shows', async () => {
    mockApi({ 'GET /api/partners': { body: [] }, 'GET /api/admin/partner-action-counts': { body: [] } });
    renderTab(<PartnersTab />);
    expect(await screen.findByText('No partner applications yet.')).toBeInTheDocument();
  });

  test('When partners fail to load, then an error card shows', async () => {
    mockApi({ 'GET /api/partners': failure(), 'GET /api/admin/partner-action-counts': { body: [] } });
    renderTab(<PartnersTab />);
    expect(await screen.findByText('Failed to load partners')).toBeInTheDocument();
  });

  test('When partners load, then cards show name, email, type badge, N Open Actions, status, View and Contracts', async () => {
    mockApi(lists);
    renderTab(<PartnersTab />);
    expect(await screen.findByRole('heading', { name: 'Partner Applications' })).toBeInTheDocument();
    const clubCard = (await screen.findByText('Riverside FC')).closest('li')!;
    expect(within(clubCard).getByText('club@riverside.test')).toBeInTheDocument();
    expect(within(clubCard).getByText('Football Club')).toBeInTheDocument();
    expect(await within(clubCard).findByText('2 Open Actions')).toBeInTheDocument();
    expect(within(clubCard).getByText('Pending')).toBeInTheDocument();
    expect(within(clubCard).getByRole('button', { name: /View/ })).toBeInTheDocument();
    expect(within(clubCard).getByRole('button', { name: /Contracts/ })).toBeInTheDocument();
    const inflCard = screen.getByText('Jo Striker').closest('li')!;
    expect(within(inflCard).getByText('Influencer')).toBeInTheDocument();
    expect(within(inflCard).queryByText(/Open Actions/)).not.toBeInTheDocument();
  });

  test('When partners load, then each card lists its filled details: influencer socials and followers, club organization and message', async () => {
    mockApi(lists);
    renderTab(<PartnersTab />);
    const details = (card: HTMLElement) =>
      Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );
    const clubCard = (await screen.findByText('Riverside FC')).closest('li')!;
    expect(details(clubCard)).toEqual({
      Organization: 'Riverside Football Club',
      Message: 'We want an app',
    });
    expect(within(clubCard).getByText('We want an app')).toHaveClass('line-clamp-3');
    const inflCard = screen.getByText('Jo Striker').closest('li')!;
    expect(details(inflCard)).toEqual({
      'Known As': 'JoS',
      Twitter: '@jos',
      Instagram: 'jos.ig',
      'Total Followers': '120000',
      'Additional Info': 'Big audience',
    });
    expect(within(inflCard).getByRole('button', { name: /View/ })).toBeInTheDocument();
    expect(within(inflCard).getByRole('button', { name: /Contracts/ })).toBeInTheDocument();
  });

  test('When the open-actions counts fail to load, then the cards still show, without Open Actions badges', async () => {
    mockApi({ ...lists, 'GET /api/admin/partner-action-counts': failure() });
    renderTab(<PartnersTab />);
    const clubCard = (await screen.findByText('Riverside FC')).closest('li')!;
    expect(within(clubCard).getByText('club@riverside.test')).toBeInTheDocument();
    expect(within(clubCard).getByRole('button', { name: /View/ })).toBeInTheDocument();
    expect(screen.getByText('Jo Striker')).toBeInTheDocument();
    expect(screen.queryByText(/Open Actions/)).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load partners')).not.toBeInTheDocument();
  });

  describe('Add Application', () => {
    test('When sent empty, then name and email messages show and nothing is sent; the type defaults to club', async () => {
      const api = mockApi(lists);
      const d = await openDialog(<PartnersTab />, /Add Application/);
      expect(within(d).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Football Club');
      await userEvent.click(within(d).getByRole('button', { name: 'Create Application' }));
      expect(await within(d).findByText('Name is required')).toBeInTheDocument();
      expect(within(d).getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(api.writes()).toHaveLength(0);
    });

    test('When name and email are given, then POST /api/admin/partners gets type club; failure shows its toast', async () => {
      const api = mockApi({ ...lists, 'POST /api/admin/partners': failure() });
      const d = await openDialog(<PartnersTab />, /Add Application/);
      await createNewClub(d);
      expect(await screen.findByText('Failed to create partner application')).toBeInTheDocument();
      expect(api.writes()[0]).toMatchObject({
        method: 'POST',
        url: '/api/admin/partners',
        body: { name: 'New Club', email: 'new@club.test', type: 'club' },
      });
      expect(api.writes()[0]!.headers['X-CSRF-Token']).toBe(CSRF);
    });

    test('When creating succeeds, then the success toast shows, the dialog closes and the list is read again', async () => {
      const api = mockApi({
        ...lists,
        'POST /api/admin/partners': { status: 201, body: { ...club, id: 'p3', name: 'New Club' } },
      });
      const d = await openDialog(<PartnersTab />, /Add Application/);
      await createNewClub(d);
      expect(await screen.findByText('Partner application created successfully')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.calls.filter((c) => c.method === 'GET' && c.url === '/api/partners')).toHaveLength(2);
    });
  });

  describe('Partner details', () => {
    test('When View is opened on a club, then basic info, club details, status select and the notes list show', async () => {
      const overdue = action({
        id: 'a2',
        actionText: 'Send the proposal',
        dueDate: '2020-01-01',
        isOverdue: true,
      });
      const done = action({
        id: 'a3',
        actionText: 'Intro call',
        isCompleted: true,
        completedAt: '2025-01-07T10:00:00.000Z',
      });
      mockApi({ ...lists, 'GET /api/admin/partners/p1/actions': { body: [overdue, done] } });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'View Riverside FC' }));
      const d = await screen.findByRole('dialog');
      expect(within(d).getByText('Riverside Football Club')).toBeInTheDocument();
      expect(within(d).getByText('Chairman')).toBeInTheDocument();
      expect(within(d).getByText('https://riverside.test')).toBeInTheDocument();
      expect(within(d).getByText('5000')).toBeInTheDocument();
      expect(within(d).getByText('Paid Subscription')).toBeInTheDocument();
      expect(within(d).getByText('We want an app')).toBeInTheDocument();
      expect(within(d).getByRole('combobox', { name: 'Status' })).toBeEnabled();
      const overdueRow = (await within(d).findByText('Send the proposal')).closest('button')!;
      expect(within(overdueRow).getByText('Overdue')).toBeInTheDocument();
      expect(within(overdueRow).getByText('Pending')).toBeInTheDocument();
      expect(overdueRow.className).toMatch(/border-destructive/);
      const doneRow = within(d).getByText('Intro call').closest('button')!;
      expect(within(doneRow).getByText('Completed')).toBeInTheDocument();
      expect(within(doneRow).queryByText('Overdue')).not.toBeInTheDocument();
    });

    test('When the partner has contracts (statusLocked), then the status select is disabled with an explanation', async () => {
      mockApi({ ...lists, 'GET /api/admin/partners/p2/actions': { body: [] } });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'View Jo Striker' }));
      const d = await screen.findByRole('dialog');
      const select = within(d).getByRole('combobox', { name: 'Status' });
      expect(select).toBeDisabled();
      expect(select).toHaveTextContent('Partner');
      expect(
        within(d).getByText(/has active contracts, so the status is set to Partner automatically/),
      ).toBeInTheDocument();
      expect(within(d).getByText('JoS')).toBeInTheDocument();
      expect(within(d).getByText('@jos')).toBeInTheDocument();
      expect(within(d).getByText('120000')).toBeInTheDocument();
      expect(within(d).getByText('Big audience')).toBeInTheDocument();
      expect(await within(d).findByText('No notes yet.')).toBeInTheDocument();
    });

    test('When View is opened on an influencer, then Known As, the four socials, Total Followers and Additional Info show', async () => {
      const full: Partner = {
        ...influencer,
        tiktokAccount: 'jos.tt',
        facebookAccount: 'fb.com/jos',
        message: 'Weekly match vlogs',
      };
      mockApi({
        'GET /api/partners': { body: [full] },
        'GET /api/admin/partner-action-counts': { body: [] },
        'GET /api/admin/partners/p2/actions': { body: [] },
      });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'View Jo Striker' }));
      const d = await screen.findByRole('dialog');
      const section = within(d).getByRole('region', { name: 'Influencer details' });
      const details = Object.fromEntries(
        within(section)
          .getAllByRole('term')
          .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );
      expect(details).toEqual({
        'Known As': 'JoS',
        Twitter: '@jos',
        Instagram: 'jos.ig',
        TikTok: 'jos.tt',
        Facebook: 'fb.com/jos',
        'Total Followers': '120000',
        'Additional Info': 'Weekly match vlogs',
      });
      expect(within(d).queryByRole('region', { name: 'Club details' })).not.toBeInTheDocument();
    });

    test('When the notes are loading, then Loading notes... shows; when they fail, Failed to load notes', async () => {
      mockApi({
        ...lists,
        'GET /api/admin/partners/p1/actions': 'pending',
        'GET /api/admin/partners/p2/actions': failure(),
      });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'View Riverside FC' }));
      let d = await screen.findByRole('dialog');
      expect(within(d).getByText('Loading notes...')).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await userEvent.click(screen.getByRole('button', { name: 'View Jo Striker' }));
      d = await screen.findByRole('dialog');
      expect(await within(d).findByText('Failed to load notes')).toBeInTheDocument();
      expect(within(d).getByRole('button', { name: 'Add Note' })).toBeInTheDocument();
    });

    test('When a status is chosen, then PUT .../status is sent; failure shows Failed to update partner status', async () => {
      const { api, d } = await viewRiverside({ 'PUT /api/admin/partners/p1/status': failure() });
      await userEvent.click(within(d).getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'In Progress' }));
      expect(await screen.findByText('Failed to update partner status')).toBeInTheDocument();
      expect(api.writes()[0]).toMatchObject({
        method: 'PUT',
        url: '/api/admin/partners/p1/status',
        body: { status: 'In Progress' },
      });
    });

    test('When Add Note has only spaces, then Save is disabled; a note is sent trimmed without an empty due date', async () => {
      const { api, d } = await viewRiverside({
        'POST /api/admin/partners/p1/actions': { status: 201, body: action({}) },
      });
      await userEvent.click(await within(d).findByRole('button', { name: 'Add Note' }));
      const save = within(d).getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      await userEvent.type(within(d).getByLabelText('Note'), '   ');
      expect(save).toBeDisabled();
      await userEvent.type(within(d).getByLabelText('Note'), 'Call back  ');
      expect(save).toBeEnabled();
      await userEvent.click(save);
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]!.body).toEqual({ actionText: 'Call back' });
      expect(await screen.findByText('Note added successfully')).toBeInTheDocument();
    });

    test('When a note is longer than the schema allows, then its message shows by the field and nothing is sent', async () => {
      const api = mockApi({ ...lists, 'GET /api/admin/partners/p1/actions': { body: [] } });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'View Riverside FC' }));
      const d = await screen.findByRole('dialog');
      await userEvent.click(await within(d).findByRole('button', { name: 'Add Note' }));
      const note = within(d).getByLabelText('Note');
      await pasteInto(note, 'x'.repeat(2001));
      await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
      expect(await within(d).findByText('Note must be at most 2000 characters')).toBeInTheDocument();
      expect(note).toHaveAttribute('aria-invalid', 'true');
      expect(api.writes()).toHaveLength(0);
    });

    test('When a note has a due date, then it is sent; failure shows Failed to create partner action', async () => {
      const { api, d } = await viewRiverside({ 'POST /api/admin/partners/p1/actions': failure() });
      await userEvent.click(await within(d).findByRole('button', { name: 'Add Note' }));
      await userEvent.type(within(d).getByLabelText('Note'), 'Chase');
      await userEvent.type(within(d).getByLabelText(/Due Date/), '2030-03-01');
      await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Failed to create partner action')).toBeInTheDocument();
      expect(api.writes()[0]!.body).toEqual({ actionText: 'Chase', dueDate: '2030-03-01' });
    });
  });

  describe('Action Details', () => {
    const open = async (a: PartnerAction, extra = {}) => {
      const api = mockApi({ ...lists, 'GET /api/admin/partners/p1/actions': { body: [a] }, ...extra });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'View Riverside FC' }));
      await userEvent.click(await screen.findByText(a.actionText));
      const d = (await screen.findAllByRole('dialog')).find((el) =>
        within(el).queryByText('Action Details'),
      )!;
      return { api, d };
    };

    test('When an overdue action opens, then it shows due date, Pending, Overdue and a red highlight', async () => {
      const { d } = await open(action({ dueDate: '2020-01-01', isOverdue: true }));
      expect(within(d).getByText('January 1, 2020')).toBeInTheDocument();
      expect(within(d).getByText('Pending')).toBeInTheDocument();
      expect(within(d).getByText('Overdue')).toBeInTheDocument();
      expect(within(d).getByText('Call the chairman').parentElement!.className).toMatch(/border-destructive/);
    });

    test('When Save Notes is pressed, then PUT sends the notes; Mark Complete sends isCompleted true', async () => {
      const { api, d } = await open(action({ notes: 'old' }), {
        'PUT /api/admin/partners/p1/actions/a1': { body: action({}) },
      });
      const notes = within(d).getByLabelText('Notes');
      expect(notes).toHaveValue('old');
      await retype(notes, 'Left a voicemail');
      await userEvent.click(within(d).getByRole('button', { name: 'Save Notes' }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]).toMatchObject({
        method: 'PUT',
        url: '/api/admin/partners/p1/actions/a1',
        body: { notes: 'Left a voicemail' },
      });
      await userEvent.click(within(d).getByRole('button', { name: 'Mark Complete' }));
      await waitFor(() => expect(api.writes()).toHaveLength(2));
      expect(api.writes()[1]!.body).toEqual({ notes: 'Left a voicemail', isCompleted: true });
    });

    test('When the notes are longer than the schema allows, then Save Notes and Mark Complete show its message and send nothing', async () => {
      const { api, d } = await open(action({}));
      const notes = within(d).getByLabelText('Notes');
      await pasteInto(notes, 'x'.repeat(10_001));
      await userEvent.click(within(d).getByRole('button', { name: 'Save Notes' }));
      expect(await within(d).findByText('Notes can be at most 10,000 characters')).toBeInTheDocument();
      expect(notes).toHaveAttribute('aria-invalid', 'true');
      await userEvent.click(within(d).getByRole('button', { name: 'Mark Complete' }));
      expect(within(d).getByText('Notes can be at most 10,000 characters')).toBeInTheDocument();
      expect(api.writes()).toHaveLength(0);
    });

    test('When a completed action opens, then it shows Completed and its date and no Mark Complete; failure toasts', async () => {
      const { d } = await open(
        action({ isCompleted: true, completedAt: '2025-01-07T10:00:00.000Z', dueDate: '2020-01-01' }),
        {
          'PUT /api/admin/partners/p1/actions/a1': failure(),
        },
      );
      expect(within(d).getByText('Completed', { selector: 'span' })).toBeInTheDocument();
      expect(within(d).getByText('January 7, 2025')).toBeInTheDocument();
      expect(within(d).queryByText('Overdue')).not.toBeInTheDocument();
      expect(within(d).queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
      await userEvent.click(within(d).getByRole('button', { name: 'Save Notes' }));
      expect(await screen.findByText('Failed to update partner action')).toBeInTheDocument();
    });
  });

  describe('Contract Management', () => {
    const openContracts = async (extra = {}) => {
      const api = mockApi({
        ...lists,
        'GET /api/admin/partners/p1/contracts': { body: [contract] },
        ...extra,
      });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Contracts of Riverside FC' }));
      const d = await screen.findByRole('dialog');
      await within(d).findByText('REG123');
      return { api, d };
    };

    /** The Edit Contract form of the first contract, opened from the Contract Management dialog D. */
    const openEditContract = async (d: HTMLElement) => {
      await userEvent.click(within(d).getByRole('button', { name: /Edit contract/ }));
      return (await screen.findAllByRole('dialog')).find((el) => within(el).queryByText('Update Contract'))!;
    };

    /** Opens Add Contract in the Contract Management dialog and fills every required field validly. */
    const fillNewContract = async (d: HTMLElement) => {
      await userEvent.click(within(d).getByRole('button', { name: /Add Contract/ }));
      const form = (await screen.findAllByRole('dialog')).find((el) =>
        within(el).queryByText('Create Contract'),
      )!;
      await typeFields(form, [
        [/^Company Name/, 'Co'],
        [/^Registration Number/, 'R1'],
        [/^Company Address/, 'Addr'],
        [/^Client Name/, 'N'],
        [/^Client Email/, 'n@x.test'],
        [/^Client Phone/, '020 7946 0001'],
        [/^Client Position/, 'P'],
        [/^Start Date/, '2025-01-01'],
        [/^Contract Length/, '12'],
      ]);
      // The end date follows the start and length (the last day of the term) until the admin writes one.
      expect(within(form).getByLabelText(/^End Date/)).toHaveValue('2025-12-31');
      await typeFields(form, [
        [/^Setup Fee/, '£1'],
        [/^Penalty Fee/, '£2'],
      ]);
      return form;
    };

    test('When a partner has no contracts, then No contracts yet. shows; a failing list says so', async () => {
      mockApi({
        ...lists,
        'GET /api/admin/partners/p1/contracts': { body: [] },
        'GET /api/admin/partners/p2/contracts': failure(),
      });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Contracts of Riverside FC' }));
      expect(
        await within(await screen.findByRole('dialog')).findByText('No contracts yet.'),
      ).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await userEvent.click(screen.getByRole('button', { name: 'Contracts of Jo Striker' }));
      expect(
        await within(await screen.findByRole('dialog')).findByText('Failed to load contracts'),
      ).toBeInTheDocument();
    });

    test('When contracts are loading, then Loading contracts... shows', async () => {
      mockApi({ ...lists, 'GET /api/admin/partners/p1/contracts': 'pending' });
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Contracts of Riverside FC' }));
      const d = await screen.findByRole('dialog');
      expect(within(d).getByText('Loading contracts...')).toBeInTheDocument();
      expect(within(d).getByRole('button', { name: /Add Contract/ })).toBeInTheDocument();
    });

    test('When the start date or length changes, then an end date left to the form follows; one the admin typed stays', async () => {
      const { d } = await openContracts();
      await userEvent.click(within(d).getByRole('button', { name: /Add Contract/ }));
      const form = (await screen.findAllByRole('dialog')).find((el) =>
        within(el).queryByText('Create Contract'),
      )!;
      const field = (label: RegExp) => within(form).getByLabelText(label);
      expect(field(/^End Date/)).toHaveValue('');
      await userEvent.type(field(/^Start Date/), '2025-03-15');
      await userEvent.type(field(/^Contract Length/), '6');
      expect(field(/^End Date/)).toHaveValue('2025-09-14');
      await retype(field(/^Contract Length/), '12');
      expect(field(/^End Date/)).toHaveValue('2026-03-14');
      await retype(field(/^End Date/), '2026-06-30');
      await retype(field(/^Contract Length/), '3');
      expect(field(/^End Date/)).toHaveValue('2026-06-30');
    });

    test('When the end date is before the start date, then the form says so and sends nothing', async () => {
      const { api, d } = await openContracts();
      const form = await openEditContract(d);
      await retype(within(form).getByLabelText(/^End Date/), '2024-01-01');
      await userEvent.click(within(form).getByRole('button', { name: 'Update Contract' }));
      expect(await within(form).findByText('End date must not be before the start date')).toBeInTheDocument();
      expect(api.writes()).toHaveLength(0);
    });

    test('When contracts load, then every field of each contract shows', async () => {
      const { d } = await openContracts();
      for (const text of [
        'REG123',
        '1 River Road, London',
        'Sam Chair',
        'sam@riverside.test',
        '020 7946 0000',
        '12 months',
        'February 1, 2025',
        'January 31, 2026',
        '£500',
        '£50',
        '20%',
      ]) {
        expect(within(d).getAllByText(text).length).toBeGreaterThan(0);
      }
      expect(within(d).getByRole('button', { name: /Generate document/ })).toBeInTheDocument();
      expect(within(d).getByRole('button', { name: /Edit contract/ })).toBeInTheDocument();
    });

    test('When contracts load, then an active contract shows Active and an ended one Ended beside its dates', async () => {
      const ended = {
        ...contract,
        id: 'c0',
        companyName: 'Riverside Old Ltd',
        registrationNumber: 'REG000',
        startDate: '2023-02-01',
        endDate: '2024-01-31',
        endedAt: '2024-02-01T00:00:00.000Z',
      };
      const { d } = await openContracts({
        'GET /api/admin/partners/p1/contracts': { body: [ended, contract] },
      });
      const [oldCard, currentCard] = within(d).getAllByRole('listitem');
      expect(within(oldCard!).getByText('Ended')).toBeInTheDocument();
      expect(within(oldCard!).queryByText('Active')).not.toBeInTheDocument();
      expect(within(oldCard!).getByText(/February 1, 2023 to January 31, 2024/)).toBeInTheDocument();
      expect(within(currentCard!).getByText('Active')).toBeInTheDocument();
      expect(within(currentCard!).queryByText('Ended')).not.toBeInTheDocument();
    });

    test('When Delete Contract is confirmed and succeeds, then DELETE is sent, the success toast shows and the contracts, partners and action counts are read again', async () => {
      const { api, d } = await openContracts({ 'DELETE /api/admin/contracts/c1': { status: 204 } });
      const reads = (url: string) => api.calls.filter((c) => c.method === 'GET' && c.url === url).length;
      const before = {
        partners: reads('/api/partners'),
        counts: reads('/api/admin/partner-action-counts'),
      };
      await userEvent.click(within(d).getByRole('button', { name: 'Delete contract of Riverside Ltd' }));
      const confirm = await screen.findByRole('alertdialog');
      expect(confirm).toHaveTextContent('This will permanently delete the contract of Riverside Ltd.');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Contract deleted successfully')).toBeInTheDocument();
      expect(api.writes()).toEqual([sentWrite('DELETE', '/api/admin/contracts/c1')]);
      expect(reads('/api/admin/partners/p1/contracts')).toBe(2);
      expect(reads('/api/partners')).toBe(before.partners + 1);
      expect(reads('/api/admin/partner-action-counts')).toBe(before.counts + 1);
    });

    test('When Delete Contract is cancelled, then nothing is sent and the contract stays', async () => {
      const { api, d } = await openContracts();
      await userEvent.click(within(d).getByRole('button', { name: 'Delete contract of Riverside Ltd' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
      );
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(api.writes()).toHaveLength(0);
      expect(within(screen.getByRole('dialog')).getByText('REG123')).toBeInTheDocument();
    });

    test('When Delete Contract fails, then Failed to delete contract shows and the contract stays', async () => {
      const { api, d } = await openContracts({ 'DELETE /api/admin/contracts/c1': failure() });
      await userEvent.click(within(d).getByRole('button', { name: 'Delete contract of Riverside Ltd' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      expect(await screen.findByText('Failed to delete contract')).toBeInTheDocument();
      expect(screen.queryByText('Contract deleted successfully')).not.toBeInTheDocument();
      expect(api.writes()[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/contracts/c1' });
      expect(within(screen.getByRole('dialog')).getByText('REG123')).toBeInTheDocument();
    });

    test('When an editor deletes a contract (403), then the failure toast also gives the server’s reason', async () => {
      const { d } = await openContracts({
        'DELETE /api/admin/contracts/c1': {
          status: 403,
          body: { error: { code: 'forbidden', message: 'This action needs the admin role' } },
        },
      });
      await userEvent.click(within(d).getByRole('button', { name: 'Delete contract of Riverside Ltd' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      expect(
        await screen.findByText('Failed to delete contract. This action needs the admin role'),
      ).toBeInTheDocument();
    });

    test('When Add Contract is sent empty or out of limits, then the schema messages show and nothing is sent', async () => {
      const { api } = await openContracts();
      await userEvent.click(screen.getByRole('button', { name: /Add Contract/ }));
      const form = (await screen.findAllByRole('dialog')).find((el) =>
        within(el).queryByText('Create Contract'),
      )!;
      await retype(within(form).getByLabelText(/^Revenue Share/), '60');
      await retype(within(form).getByLabelText(/^Polls per Month/), '-1');
      await userEvent.type(within(form).getByLabelText(/^Contract Length/), '0');
      await userEvent.click(within(form).getByRole('button', { name: 'Create Contract' }));
      expect(await within(form).findByText('Company name is required')).toBeInTheDocument();
      expect(within(form).getByText('Client email must be a valid email address')).toBeInTheDocument();
      expect(within(form).getByText('must be at most 50')).toBeInTheDocument();
      expect(within(form).getAllByText('must be at least 0').length).toBeGreaterThan(0);
      expect(within(form).getByText('must be at least 1')).toBeInTheDocument();
      expect(api.writes()).toHaveLength(0);
    });

    test('When Edit Contract is saved, then PUT /api/admin/contracts/:id is sent; failure shows Failed to update contract', async () => {
      const { api, d } = await openContracts({ 'PUT /api/admin/contracts/c1': failure() });
      const form = await openEditContract(d);
      expect(within(form).getByLabelText(/^Company Name/)).toHaveValue('Riverside Ltd');
      await userEvent.click(within(form).getByRole('button', { name: 'Update Contract' }));
      expect(await screen.findByText('Failed to update contract')).toBeInTheDocument();
      expect(api.writes()[0]).toMatchObject({ method: 'PUT', url: '/api/admin/contracts/c1' });
      expect(api.writes()[0]!.body).toMatchObject({
        partnerId: 'p1',
        lengthMonths: 12,
        revenueSharePercent: 20,
      });
    });

    test('When Edit Contract succeeds, then the success toast shows, the form closes and the contracts are read again', async () => {
      const { api, d } = await openContracts({
        'PUT /api/admin/contracts/c1': { body: { ...contract, companyName: 'Riverside Group' } },
      });
      const form = await openEditContract(d);
      await retype(within(form).getByLabelText(/^Company Name/), 'Riverside Group');
      await userEvent.click(within(form).getByRole('button', { name: 'Update Contract' }));
      expect(await screen.findByText('Contract updated successfully')).toBeInTheDocument();
      await waitFor(() => expect(form).not.toBeInTheDocument());
      expect(screen.getByRole('dialog')).toHaveTextContent('Contract Management');
      expect(api.writes()[0]).toMatchObject({
        method: 'PUT',
        url: '/api/admin/contracts/c1',
        body: { companyName: 'Riverside Group' },
      });
      expect(api.calls.filter((c) => c.url === '/api/admin/partners/p1/contracts')).toHaveLength(2);
    });

    test('When Add Contract succeeds, then the success toast shows, the form closes and the contracts are read again', async () => {
      const { api, d } = await openContracts({
        'POST /api/admin/contracts': { status: 201, body: { ...contract, id: 'c2' } },
      });
      const form = await fillNewContract(d);
      await userEvent.click(within(form).getByRole('button', { name: 'Create Contract' }));
      expect(await screen.findByText('Contract created successfully')).toBeInTheDocument();
      await waitFor(() => expect(form).not.toBeInTheDocument());
      expect(api.writes()[0]).toMatchObject({ method: 'POST', url: '/api/admin/contracts' });
      expect(api.calls.filter((c) => c.url === '/api/admin/partners/p1/contracts')).toHaveLength(2);
    });

    test('When a filled new contract fails, then Failed to create contract shows', async () => {
      const { api, d } = await openContracts({ 'POST /api/admin/contracts': failure() });
      const form = await fillNewContract(d);
      await userEvent.click(within(form).getByRole('button', { name: 'Create Contract' }));
      expect(await screen.findByText('Failed to create contract')).toBeInTheDocument();
      expect(api.writes()[0]).toMatchObject({
        method: 'POST',
        url: '/api/admin/contracts',
        body: { partnerId: 'p1', lengthMonths: 12, pollsPerMonth: 0 },
      });
    });

    test('When Generate answers the .docx, then it is saved as contract-{id}.docx', async () => {
      const { api, d } = await openContracts({
        'POST /api/admin/contracts/c1/generate-document': {
          body: 'DOCX',
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          },
        },
      });
      const { saved: created, click } = catchDownloads();
      await userEvent.click(within(d).getByRole('button', { name: /Generate document/ }));
      await waitFor(() => expect(created).toEqual(['contract-c1.docx']));
      expect(api.writes()[0]!.headers['X-CSRF-Token']).toBe(CSRF);
      // The document is an event of the contract: the list is read again, so an edit sends the new version.
      const contractReads = () =>
        api.calls.filter((c) => c.method === 'GET' && c.url.includes('/api/admin/partners/p1/contracts'));
      await waitFor(() => expect(contractReads()).toHaveLength(2));
      click.mockRestore();
    });

    test('When Generate answers 202, then the job is polled and the finished document is saved as contract-{id}.docx', async () => {
      let polls = 0;
      const { d } = await openContracts({
        'POST /api/admin/contracts/c1/generate-document': {
          status: 202,
          body: { jobId: 'j1', state: 'waiting', attemptsMade: 0, statusUrl: '/api/admin/contracts/jobs/j1' },
        },
        'GET /api/admin/contracts/jobs/j1': () => ({
          body:
            ++polls < 2
              ? { jobId: 'j1', state: 'active', attemptsMade: 1, statusUrl: '/api/admin/contracts/jobs/j1' }
              : {
                  jobId: 'j1',
                  state: 'completed',
                  attemptsMade: 1,
                  statusUrl: '/api/admin/contracts/jobs/j1',
                  downloadUrl: '/api/admin/contracts/jobs/j1/download',
                },
        }),
        'GET /api/admin/contracts/jobs/j1/download': { body: 'DOCX' },
      });
      const { saved, click } = catchDownloads();
      await userEvent.click(within(d).getByRole('button', { name: /Generate document/ }));
      await waitFor(() => expect(saved).toEqual(['contract-c1.docx']), { timeout: 4000 });
      expect(polls).toBe(2);
      click.mockRestore();
    });

    test('When Generate fails, then Failed to generate contract document shows', async () => {
      const { d } = await openContracts({ 'POST /api/admin/contracts/c1/generate-document': failure() });
      await userEvent.click(within(d).getByRole('button', { name: /Generate document/ }));
      expect(await screen.findByText('Failed to generate contract document')).toBeInTheDocument();
    });

    test('When the document is refused, then the toast keeps SPEC text and the card says why', async () => {
      const why =
        'Document generation failed: the template “Bomb” is too large: filling it needs more than 256 MB of memory';
      const { d } = await openContracts({
        'POST /api/admin/contracts/c1/generate-document': {
          status: 422,
          body: { error: { code: 'template_too_large', message: why } },
        },
      });
      await userEvent.click(within(d).getByRole('button', { name: /Generate document/ }));
      expect(await screen.findByText('Failed to generate contract document')).toBeInTheDocument();
      expect(within(d).getByRole('alert')).toHaveTextContent(why);
    });

    test('When the polled document job fails for good, then the card shows its failure message', async () => {
      const why = 'Document generation failed: the worker stopped while running the job (attempt 3 of 3)';
      const { d } = await openContracts({
        'POST /api/admin/contracts/c1/generate-document': {
          status: 202,
          body: { jobId: 'j1', state: 'active', attemptsMade: 3, statusUrl: '/api/admin/contracts/jobs/j1' },
        },
        'GET /api/admin/contracts/jobs/j1': {
          body: {
            jobId: 'j1',
            state: 'failed',
            attemptsMade: 3,
            statusUrl: '/api/admin/contracts/jobs/j1',
            error: { code: 'job_failed', message: why },
          },
        },
      });
      await userEvent.click(within(d).getByRole('button', { name: /Generate document/ }));
      expect(await within(d).findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(why);
      expect(screen.getByText('Failed to generate contract document')).toBeInTheDocument();
    });

    test('When Generate from Template is chosen, then the form opens prefilled from the application; what is missing is asked, then sent to generate; a refusal shows the server message', async () => {
      const { api } = await openContracts({
        'POST /api/admin/contracts/generate': {
          status: 400,
          body: {
            error: { code: 'missing_fields', message: 'Missing contract details: Registration number' },
          },
        },
      });
      await userEvent.click(screen.getAllByRole('button', { name: /Generate from Template/ })[0]!);
      const form = await screen.findByRole('dialog', { name: 'Generate from Template' });
      expect(within(form).getByLabelText(/^Company Name/)).toHaveValue('Riverside Football Club');
      expect(within(form).getByLabelText(/^Client Name/)).toHaveValue('Riverside FC');
      expect(within(form).getByLabelText(/^Client Email/)).toHaveValue('club@riverside.test');
      expect(within(form).getByLabelText(/^Client Position/)).toHaveValue('Chairman');
      expect(within(form).getByLabelText(/^Contract Length/)).toHaveValue(12);
      await userEvent.click(within(form).getByRole('button', { name: 'Generate Contract' }));
      expect(await within(form).findByText('Registration number is required')).toBeInTheDocument();
      expect(api.writes()).toHaveLength(0);
      await typeFields(form, [
        [/^Registration Number/, 'R1'],
        [/^Company Address/, '1 Road'],
        [/^Client Phone/, '020 7946 0000'],
        [/^Setup Fee/, '£1'],
        [/^Penalty Fee/, '£2'],
      ]);
      await userEvent.click(within(form).getByRole('button', { name: 'Generate Contract' }));
      expect(await screen.findByText('Missing contract details: Registration number')).toBeInTheDocument();
      expect(api.writes()[0]).toMatchObject({
        url: '/api/admin/contracts/generate',
        body: {
          partnerId: 'p1',
          companyName: 'Riverside Football Club',
          registrationNumber: 'R1',
          lengthMonths: 12,
        },
      });
    });
  });
});
