import '../test/setup';
import { retype } from '../test/dialogs';
import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab } from '../test/render';
import type { Contract, PartnerAction } from '@12yards/api';
import { contractFixture, newsArticle, serviceStatusFixture } from '../test/fixtures';
import { ContractFormDialog } from './partners/ContractFormDialog';
import { contractsKey } from './partners/keys';
import { Notes } from './partners/Notes';
import { FaqsTab } from './FaqsTab';
import { NewsTab } from './NewsTab';
import { StatusTab } from './StatusTab';
import { TemplatesTab } from './TemplatesTab';

const STALE_MESSAGE = 'This item was changed by someone else. Reload to see the latest version.';
const stale = { status: 412, body: { error: { code: 'precondition_failed', message: STALE_MESSAGE } } };

const article = newsArticle({ version: 3 });
const faq = {
  id: 'f1',
  question: 'Q?',
  answer: 'A.',
  isActive: true,
  sortOrder: 0,
  createdAt: '',
  updatedAt: '',
  version: 2,
};

/**
 * UI rendered over a list that answers `mine` first and `theirs` (saved meanwhile) after; the write answers 412
 * unless it carries their version, then what was sent on top of theirs, one version on.
 */
function changedMeanwhile(
  ui: ReactElement,
  [list, write]: [list: string, write: string],
  mine: object,
  theirs: { version: number },
) {
  let reads = 0;
  const api = mockApi({
    [list]: () => ({ body: [reads++ === 0 ? mine : theirs] }),
    [write]: ({ headers, body }) =>
      headers['If-Match'] === `"${theirs.version}"`
        ? { body: { ...theirs, ...(body as object), version: theirs.version + 1 } }
        : stale,
  });
  renderTab(ui);
  return api;
}

describe('An admin edit of something changed meanwhile (If-Match, 412)', () => {
  test('When a template was renamed meanwhile, then the dialog keeps the typed date, offers their name and PATCHes with the newer version', async () => {
    const template = {
      id: 't1',
      name: 'Club v1',
      fileUrl: '/x',
      fileName: 'v1.docx',
      validFromDate: '2025-01-01',
      createdAt: '2025-01-01T00:00:00.000Z',
      version: 1,
    };
    const theirs = { ...template, name: 'Club v1 (signed off)', version: 2 };
    const api = changedMeanwhile(
      <TemplatesTab />,
      ['GET /api/admin/contract-templates', 'PATCH /api/admin/contract-templates/t1'],
      template,
      theirs,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Club v1' }));
    const dialog = await screen.findByRole('dialog');
    await retype(within(dialog).getByLabelText(/^Valid From/), '2025-02-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(/Someone else saved this template while you were editing/),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Club v1 (signed off)');
    expect(within(dialog).getByLabelText(/^Valid From/)).toHaveValue('2025-02-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()[1]).toMatchObject({
      method: 'PATCH',
      headers: { 'If-Match': '"2"' },
      body: { name: 'Club v1 (signed off)', validFromDate: '2025-02-01' },
    });
  });

  test('When an article saved with the version read is refused as stale, then the dialog keeps the typing, names what changed and the next save sends the newer version', async () => {
    let reads = 0;
    const newer = newsArticle({ version: 4, excerpt: 'Out now on every store' });
    const api = mockApi({
      'GET /api/admin/news': () => ({ body: [reads++ === 0 ? article : newer] }),
      'PUT /api/admin/news/n1': ({ headers }) =>
        headers['If-Match'] === '"4"' ? { body: { ...newer, title: 'Launch week', version: 5 } } : stale,
    });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText(/^Title/);
    await retype(title, 'Launch week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Article' }));
    expect(
      await within(dialog).findByText(/Someone else saved this article while you were editing/),
    ).toBeInTheDocument();
    expect(screen.queryByText(STALE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to update news article')).not.toBeInTheDocument();
    expect(api.writes()[0]!.headers['If-Match']).toBe('"3"');
    // Their excerpt is taken (the admin had not touched it); the typed title is still in the form.
    const excerpt = within(dialog).getByRole('group', { name: 'Excerpt' });
    expect(
      within(excerpt).getByRole('radio', { name: /Take the newer one: Out now on every store/ }),
    ).toBeChecked();
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Launch week');
    expect(within(dialog).getByLabelText(/^Excerpt/)).toHaveValue('Out now on every store');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()[1]).toMatchObject({
      headers: { 'If-Match': '"4"' },
      body: { title: 'Launch week', excerpt: 'Out now on every store' },
    });
  });

  test('When both changed a FAQ, then each field they changed offers mine and the newer value; the save carries the choices', async () => {
    const theirs = { ...faq, question: 'Which clubs?', answer: 'Their answer', version: 3 };
    const api = changedMeanwhile(<FaqsTab />, ['GET /api/admin/faqs', 'PUT /api/admin/faqs/f1'], faq, theirs);
    await userEvent.click(await screen.findByRole('button', { name: /Edit FAQ/ }));
    const dialog = await screen.findByRole('dialog');
    const answer = within(dialog).getByLabelText(/^Answer/);
    await retype(answer, 'My long answer');
    await retype(within(dialog).getByLabelText(/^Order/), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update FAQ' }));
    const question = await within(dialog).findByRole('group', { name: 'Question' });
    expect(within(question).getByRole('radio', { name: 'Keep mine: Q?' })).not.toBeChecked();
    expect(within(question).getByRole('radio', { name: 'Take the newer one: Which clubs?' })).toBeChecked();
    const answers = within(dialog).getByRole('group', { name: 'Answer' });
    expect(within(answers).getByRole('radio', { name: 'Keep mine: My long answer' })).toBeChecked();
    // The order was changed by the admin alone: nothing to choose.
    expect(within(dialog).queryByRole('group', { name: 'Order' })).not.toBeInTheDocument();
    await userEvent.click(within(answers).getByRole('radio', { name: 'Take the newer one: Their answer' }));
    expect(answer).toHaveValue('Their answer');
    await userEvent.click(within(answers).getByRole('radio', { name: 'Keep mine: My long answer' }));
    expect(answer).toHaveValue('My long answer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update FAQ' }));
    expect(await screen.findByText('FAQ updated successfully')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(2);
    expect(api.writes()[1]).toMatchObject({
      headers: { 'If-Match': '"3"' },
      body: { question: 'Which clubs?', answer: 'My long answer', sortOrder: 5, isActive: true },
    });
  });

  test('When a contract edit meets a newer save, then the typed client phone is kept and their end date offered', async () => {
    const mine = contractFixture({ version: 2 });
    const theirs = contractFixture({ version: 3, endDate: '2026-02-28', lengthMonths: 13 });
    let reads = 0;
    const api = mockApi({
      'GET /api/admin/partners/p1/contracts': () => ({ body: [reads++ === 0 ? mine : theirs] }),
      'PUT /api/admin/contracts/c1': ({ headers }) =>
        headers['If-Match'] === '"3"' ? { body: { ...theirs, version: 4 } } : stale,
    });
    const { client } = renderTab(
      <ContractFormDialog partnerId="p1" contract={mine as Contract} onClose={() => {}} />,
    );
    await client.fetchQuery({ queryKey: contractsKey('p1') });
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText(/^Client Phone/);
    await retype(phone, '+44 20 7946 0999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Contract' }));
    const end = await within(dialog).findByRole('group', { name: 'End Date' });
    expect(within(end).getByRole('radio', { name: 'Take the newer one: 2026-02-28' })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Contract Length (months)' })).toBeInTheDocument();
    expect(phone).toHaveValue('+44 20 7946 0999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Contract' }));
    expect(await screen.findByText('Contract updated successfully')).toBeInTheDocument();
    expect(api.writes()[1]).toMatchObject({
      headers: { 'If-Match': '"3"' },
      body: { clientTelephone: '+44 20 7946 0999', endDate: '2026-02-28', lengthMonths: 13 },
    });
  });

  test('When a note was saved meanwhile, then the typed notes stay, theirs are offered and the save sends the newer version', async () => {
    const mine: PartnerAction = {
      id: 'a1',
      partnerId: 'p1',
      actionText: 'Call the chairman',
      dueDate: null,
      notes: 'Called once',
      isCompleted: false,
      completedAt: null,
      createdAt: '2025-01-05T10:00:00.000Z',
      isOverdue: false,
      version: 2,
    };
    const theirs = { ...mine, notes: 'Chairman away until Monday', version: 3 };
    const api = changedMeanwhile(
      <Notes partnerId="p1" />,
      ['GET /api/admin/partners/p1/actions', 'PUT /api/admin/partners/p1/actions/a1'],
      mine,
      theirs,
    );
    await userEvent.click(await screen.findByText('Call the chairman'));
    const dialog = await screen.findByRole('dialog');
    const notes = within(dialog).getByLabelText('Notes');
    await retype(notes, 'Left a voicemail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
    expect(
      await within(dialog).findByText(/Someone else saved this action while you were editing/),
    ).toBeInTheDocument();
    expect(screen.queryByText(STALE_MESSAGE)).not.toBeInTheDocument();
    expect(api.writes()[0]!.headers['If-Match']).toBe('"2"');
    expect(notes).toHaveValue('Left a voicemail');
    const field = within(dialog).getByRole('group', { name: 'Notes' });
    expect(within(field).getByRole('radio', { name: 'Keep mine: Left a voicemail' })).toBeChecked();
    const newer = within(field).getByRole('radio', {
      name: 'Take the newer one: Chairman away until Monday',
    });
    expect(newer).not.toBeChecked();
    await userEvent.click(newer);
    expect(notes).toHaveValue('Chairman away until Monday');
    await userEvent.click(within(field).getByRole('radio', { name: 'Keep mine: Left a voicemail' }));
    expect(notes).toHaveValue('Left a voicemail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Action updated successfully')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(2);
    expect(api.writes()[1]).toMatchObject({
      method: 'PUT',
      headers: { 'If-Match': '"3"' },
      body: { notes: 'Left a voicemail' },
    });
  });

  test('When a FAQ is deleted with a stale version, then the reload message shows instead of the delete failure', async () => {
    const api = mockApi({ 'GET /api/admin/faqs': { body: [faq] }, 'DELETE /api/admin/faqs/f1': stale });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Delete FAQ/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Failed to delete FAQ')).not.toBeInTheDocument();
    expect(api.writes()[0]!.headers['If-Match']).toBe('"2"');
  });

  test('When a service status is toggled, then its listed version goes in If-Match; a 412 shows the reload message', async () => {
    const status = serviceStatusFixture({ version: 5 });

    const api = mockApi({
      'GET /api/service-status': { body: [status] },
      'PUT /api/admin/service-status/s1': stale,
    });
    renderTab(<StatusTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Mark as Issue/ }));
    expect(await screen.findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ body: { status: 'issue' }, headers: { 'If-Match': '"5"' } });
  });
});
