import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockApi, renderTab } from '../test/render';
import { pressDelete, retype, searchList } from '../test/dialogs';
import { faqFixture } from '../test/fixtures';
import { FaqsTab } from './FaqsTab';

const faq = faqFixture;

describe('FAQs tab', () => {
  test('When FAQs load, then they are listed by order with Active / Inactive badges', async () => {
    mockApi({
      'GET /api/admin/faqs': {
        body: [faq(), faq({ id: 'f2', question: 'First?', sortOrder: 1, isActive: false })],
      },
    });
    renderTab(<FaqsTab />);
    await screen.findByText('Is it free?');
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('First?')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Order: 1')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Inactive')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Active')).toBeInTheDocument();
  });

  test('When the form is sent empty, then question and answer are required and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/admin/faqs': { body: [] } });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Add FAQ/ }));
    const d = await screen.findByRole('dialog');
    await userEvent.click(within(d).getByRole('button', { name: 'Create FAQ' }));
    expect(await within(d).findByText('Question is required')).toBeInTheDocument();
    expect(within(d).getByText('Answer is required')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  test('When a FAQ is created, then the order is sent as an integer (empty means 0); failure shows Failed to create FAQ', async () => {
    const api = mockApi({ 'GET /api/admin/faqs': { body: [] }, 'POST /api/admin/faqs': failure() });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Add FAQ/ }));
    const d = await screen.findByRole('dialog');
    await userEvent.type(within(d).getByLabelText(/^Question/), 'Q?');
    await userEvent.type(within(d).getByLabelText(/^Answer/), 'A.');
    await userEvent.clear(within(d).getByLabelText(/^Order/));
    await userEvent.click(within(d).getByRole('button', { name: 'Create FAQ' }));
    expect(await screen.findByText('Failed to create FAQ')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/faqs',
      body: { question: 'Q?', answer: 'A.', isActive: true, sortOrder: 0 },
    });
  });

  test('When a FAQ is edited, then PUT is sent with the new order; failure shows Failed to update FAQ', async () => {
    const api = mockApi({ 'GET /api/admin/faqs': { body: [faq()] }, 'PUT /api/admin/faqs/f1': failure() });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit FAQ/ }));
    const d = await screen.findByRole('dialog');
    await retype(within(d).getByLabelText(/^Order/), '7');
    await userEvent.click(within(d).getByRole('switch'));
    await userEvent.click(within(d).getByRole('button', { name: 'Update FAQ' }));
    expect(await screen.findByText('Failed to update FAQ')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/faqs/f1',
      body: { sortOrder: 7, isActive: false },
    });
  });

  test('When the order is not a whole number, then the form says so and sends nothing', async () => {
    const api = mockApi({ 'GET /api/admin/faqs': { body: [faq()] } });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit FAQ/ }));
    const d = await screen.findByRole('dialog');
    await retype(within(d).getByLabelText(/^Order/), '2.5');
    await userEvent.click(within(d).getByRole('button', { name: 'Update FAQ' }));
    expect(await within(d).findByText('must be a whole number')).toBeInTheDocument();
    expect(within(d).getByLabelText(/^Order/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toHaveLength(0);
  });

  test('When delete is confirmed and fails, then Failed to delete FAQ shows; success shows a confirmation', async () => {
    let ok = false;
    mockApi({
      'GET /api/admin/faqs': { body: [faq()] },
      'DELETE /api/admin/faqs/f1': () => (ok ? { status: 204 } : failure()),
    });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Delete FAQ/ }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'This will move the FAQ "Is it free?" to the trash. It can be restored from the Trash tab for 30 days.',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete FAQ')).toBeInTheDocument();
    ok = true;
    await pressDelete('FAQ');
    await waitFor(() => expect(screen.getByText('FAQ moved to the trash')).toBeInTheDocument());
  });

  test('When the admin searches, then only the FAQs whose question or answer has every word show', async () => {
    await searchList(
      <FaqsTab />,
      '/api/admin/faqs',
      [faq(), faq({ id: 'f2', question: 'Can I cancel?', answer: 'Any time, from Settings.' })],
      'Search FAQs',
      'settings TIME',
    );
    await waitFor(() => expect(screen.queryByText('Is it free?')).not.toBeInTheDocument());
    expect(screen.getByText('Can I cancel?')).toBeInTheDocument();
    await retype(screen.getByRole('searchbox', { name: 'Search FAQs' }), 'refund');
    expect(await screen.findByText('No FAQs match "refund".')).toBeInTheDocument();
  });
});
