import '../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF, failure, mockApi, renderTab } from '../test/render';
import { mockXhr } from '../test/xhr';
import { deleteFromList, retype } from '../test/dialogs';
import { templateFixture } from '../test/fixtures';
import { TemplatesTab } from './TemplatesTab';

const tpl = templateFixture;

async function openUpload() {
  await userEvent.click(await screen.findByRole('button', { name: /Upload Contract/ }));
  return screen.findByRole('dialog');
}

/** The tab rendered, Upload Contract filled with 'Club v2', valid from 2025-03-01, v2.docx, and sent. */
async function sendClubV2(fileName = 'v2.docx') {
  renderTab(<TemplatesTab />);
  const d = await openUpload();
  await userEvent.type(within(d).getByLabelText(/^Name/), 'Club v2');
  await userEvent.type(within(d).getByLabelText(/^Valid From/), '2025-03-01');
  await userEvent.upload(within(d).getByLabelText(/^File/), new File(['doc'], fileName));
  await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
  return d;
}

describe('Templates tab', () => {
  test('When templates load, then valid-from date, file name, uploaded date and Download / Edit / Delete show', async () => {
    mockApi({ 'GET /api/admin/contract-templates': { body: [tpl()] } });
    renderTab(<TemplatesTab />);
    const row = (await screen.findByText('Standard club contract')).closest('li')!;
    expect(within(row).getByText(/Valid from January 1, 2025/)).toBeInTheDocument();
    expect(within(row).getByText(/club-contract\.docx/)).toBeInTheDocument();
    expect(within(row).getByText(/Uploaded January 5, 2025/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      '/api/admin/contract-templates/t1/download',
    );
    expect(within(row).getByRole('button', { name: /Edit/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  test('When templates load, then the one new contracts are made from is badged In use: the newest .docx already valid', async () => {
    mockApi({
      'GET /api/admin/contract-templates': {
        body: [
          tpl({ id: 't3', name: 'Next season', validFromDate: '2999-01-01' }),
          tpl({ id: 't4', name: 'Scanned copy', fileName: 'club.pdf', validFromDate: '2025-06-01' }),
          tpl({ id: 't2', name: 'Club v2', validFromDate: '2025-03-01' }),
          tpl(),
        ],
      },
    });
    renderTab(<TemplatesTab />);
    const row = (name: string) => screen.getByText(name).closest('li')!;
    await screen.findByText('Club v2');
    expect(within(row('Club v2')).getByText('In use')).toHaveAttribute(
      'title',
      'New contracts are generated from this template',
    );
    expect(screen.getAllByText('In use')).toHaveLength(1);
  });

  test('When Upload is sent with name and date but no file, then Please select a file shows and nothing is sent', async () => {
    mockApi({ 'GET /api/admin/contract-templates': { body: [] } });
    const xhr = mockXhr();
    renderTab(<TemplatesTab />);
    const d = await openUpload();
    expect(within(d).getByLabelText(/^File/)).toHaveAttribute('accept', '.doc,.docx,.pdf');
    await userEvent.type(within(d).getByLabelText(/^Name/), 'T');
    await userEvent.type(within(d).getByLabelText(/^Valid From/), '2025-01-01');
    await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    expect((await screen.findAllByText('Please select a file')).length).toBeGreaterThan(0);
    expect(xhr).toHaveLength(0);
  });

  test('When Upload is sent empty, then name and valid-from date are required', async () => {
    mockApi({ 'GET /api/admin/contract-templates': { body: [] } });
    renderTab(<TemplatesTab />);
    const d = await openUpload();
    await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    expect(await within(d).findByText('Name is required')).toBeInTheDocument();
    expect(within(d).getByText('Enter a valid date')).toBeInTheDocument();
  });

  test('When a file is uploaded, then the multipart carries name, validFromDate and file with progress; failure toasts', async () => {
    mockApi({ 'GET /api/admin/contract-templates': { body: [] } });
    const xhr = mockXhr();
    const d = await sendClubV2();
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(xhr[0]!.url).toBe('/api/admin/contract-templates');
    expect(xhr[0]!.headers['X-CSRF-Token']).toBe(CSRF);
    expect(xhr[0]!.form.get('name')).toBe('Club v2');
    expect(xhr[0]!.form.get('validFromDate')).toBe('2025-03-01');
    expect((xhr[0]!.form.get('file') as File).name).toBe('v2.docx');
    act(() => xhr[0]!.progress(3, 4));
    expect(within(d).getByText('Uploading... 75%')).toBeInTheDocument();
    act(() => xhr[0]!.respond(500, { error: { code: 'x', message: 'y' } }));
    expect(await screen.findByText('Failed to upload contract template')).toBeInTheDocument();
  });

  test('When the server refuses the file (415), then the toast says why', async () => {
    mockApi({ 'GET /api/admin/contract-templates': { body: [] } });
    const xhr = mockXhr();
    await sendClubV2();
    await waitFor(() => expect(xhr).toHaveLength(1));
    const why = 'The file must be a .doc, .docx or .pdf document';
    act(() => xhr[0]!.respond(415, { error: { code: 'unsupported_file_type', message: why } }));
    expect(await screen.findByText(`Failed to upload contract template. ${why}`)).toBeInTheDocument();
  });

  test('When the upload succeeds, then the dialog closes and the list is read again', async () => {
    const api = mockApi({ 'GET /api/admin/contract-templates': { body: [] } });
    const xhr = mockXhr();
    await sendClubV2('v2.pdf');
    await waitFor(() => expect(xhr).toHaveLength(1));
    act(() => xhr[0]!.respond(201, tpl()));
    expect(await screen.findByText('Contract template uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.url === '/api/admin/contract-templates')).toHaveLength(2);
  });

  test('When a template is edited, then PATCH sends name and date; failure shows Failed to update contract template', async () => {
    const api = mockApi({
      'GET /api/admin/contract-templates': { body: [tpl()] },
      'PATCH /api/admin/contract-templates/t1': failure(),
    });
    renderTab(<TemplatesTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const d = await screen.findByRole('dialog');
    await userEvent.clear(within(d).getByLabelText(/^Name/));
    await userEvent.click(within(d).getByRole('button', { name: 'Save Changes' }));
    expect(await within(d).findByText('Name is required')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.type(within(d).getByLabelText(/^Name/), 'Renamed');
    await userEvent.click(within(d).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update contract template')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({
      method: 'PATCH',
      body: { name: 'Renamed', validFromDate: '2025-01-01' },
    });
  });

  test('When an edit is saved, then PATCH sends it, the success toast shows, the dialog closes and the list is read again', async () => {
    const api = mockApi({
      'GET /api/admin/contract-templates': { body: [tpl()] },
      'PATCH /api/admin/contract-templates/t1': { body: tpl({ validFromDate: '2025-06-01' }) },
    });
    renderTab(<TemplatesTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const d = await screen.findByRole('dialog');
    await retype(within(d).getByLabelText(/^Valid From/), '2025-06-01');
    await userEvent.click(within(d).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Contract template updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/contract-templates/t1',
        body: { name: 'Standard club contract', validFromDate: '2025-06-01' },
      }),
    ]);
    expect(api.calls.filter((c) => c.url === '/api/admin/contract-templates')).toHaveLength(2);
  });

  test('When the valid-from date is emptied in the edit dialog, then it is flagged and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/admin/contract-templates': { body: [tpl()] } });
    renderTab(<TemplatesTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const d = await screen.findByRole('dialog');
    await userEvent.clear(within(d).getByLabelText(/^Valid From/));
    await userEvent.click(within(d).getByRole('button', { name: 'Save Changes' }));
    expect(await within(d).findByText('Enter a valid date')).toBeInTheDocument();
    expect(within(d).getByLabelText(/^Valid From/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toHaveLength(0);
  });

  test('When delete is confirmed and fails, then Failed to delete contract template shows', async () => {
    const api = await deleteFromList(
      <TemplatesTab />,
      '/api/admin/contract-templates',
      [tpl()],
      'contract template',
      'Delete',
      {
        'DELETE /api/admin/contract-templates/t1': failure(),
      },
    );
    expect(await screen.findByText('Failed to delete contract template')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/contract-templates/t1' });
  });
});
