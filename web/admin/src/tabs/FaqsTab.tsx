import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { faqInput, type Faq, type FaqFields, type FaqInput } from '@12yards/api';
import { Badge } from '@12yards/ui';
import { ListSearch } from '../components/ListSearch';
import { ListToolbar } from '../components/ListFilters';
import { filterByText } from '../lib/text-filter';
import { useResourceDelete } from '../kit/resource';
import { ResourceList } from '../kit/ResourceList';
import { ResourceCard, RowActions } from '../kit/ResourceCard';
import { ResourceDialog, type FormResource } from '../kit/ResourceDialog';
import { SwitchField, TextField } from '../kit/fields';
import { ActiveBadge } from '../kit/badges';

export const FAQS_KEY = ['/api/admin/faqs'];

export const faqs: FormResource<Faq, FaqInput, FaqFields> = {
  key: FAQS_KEY,
  path: '/api/admin/faqs',
  refresh: [['/api/faqs']],
  what: 'FAQ',
  name: (f) => f.question,
  history: 'faq',
  toTrash: true,
  schema: faqInput,
  empty: { question: '', answer: '', isActive: true, sortOrder: 0 },
  toForm: (f) => ({ question: f.question, answer: f.answer, isActive: f.isActive, sortOrder: f.sortOrder }),
  fields: [
    { name: 'question', label: 'Question' },
    { name: 'answer', label: 'Answer' },
    { name: 'sortOrder', label: 'Order' },
    { name: 'isActive', label: 'Active' },
  ],
  dialog: {
    title: ['Add FAQ', 'Edit FAQ'],
    description: 'Question and answer are required.',
    submit: ['Create FAQ', 'Update FAQ'],
  },
};

export function FaqsTab() {
  const list = useQuery<Faq[]>({ queryKey: FAQS_KEY });
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const del = useResourceDelete(faqs);
  const [q, setQ] = useState('');
  const sorted = list.data ? [...list.data].sort((a, b) => a.sortOrder - b.sortOrder) : [];
  const shown = filterByText(sorted, q, (f) => [f.question, f.answer]);

  return (
    <ResourceList
      title="FAQs"
      description="Questions and answers shown on the home page, lowest order first."
      add={{ label: 'Add FAQ', onClick: () => setEditing('new') }}
      query={list}
      items={shown}
      texts={{ loading: 'Loading FAQs...', errorWhat: 'FAQs', empty: 'No FAQs yet. Add the first one.' }}
      filtered={{ active: sorted.length > 0, empty: <>No FAQs match &quot;{q}&quot;.</> }}
      toolbar={
        sorted.length > 0 && (
          <ListToolbar label="FAQs">
            <ListSearch label="Search FAQs" placeholder="Question or answer" onSearch={setQ} />
          </ListToolbar>
        )
      }
      render={(f) => (
        <ResourceCard
          title={<bdi>{f.question}</bdi>}
          text={
            <p className="whitespace-pre-wrap text-sm text-muted-foreground" dir="auto">
              {f.answer}
            </p>
          }
          badges={
            <>
              <Badge variant="outline">Order: {f.sortOrder}</Badge>
              <ActiveBadge active={f.isActive} />
            </>
          }
          actions={<RowActions resource={faqs} item={f} del={del} onEdit={setEditing} />}
        />
      )}
    >
      <FaqDialog faq={editing} onClose={() => setEditing(null)} />
    </ResourceList>
  );
}

export function FaqDialog({ faq, onClose }: { faq: Faq | 'new' | null; onClose: () => void }) {
  return (
    <ResourceDialog resource={faqs} entity={faq} onClose={onClose}>
      {(form) => (
        <>
          <TextField form={form} name="question" label="Question" required />
          <TextField form={form} name="answer" label="Answer" required rows={5} />
          <TextField
            form={form}
            name="sortOrder"
            label="Order"
            type="number"
            hint="Lower numbers are shown first."
          />
          <SwitchField form={form} name="isActive" label="Active" hint="Show this FAQ on the site" />
        </>
      )}
    </ResourceDialog>
  );
}
