import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { faqInput, type Faq, type FaqFields, type FaqInput } from '@12yards/api';
import {
  Badge,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Switch,
  Textarea,
} from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { Field, SwitchRow } from '../components/Field';
import { useDenied } from '../lib/permissions';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { ListSearch } from '../components/ListSearch';
import { ListToolbar } from '../components/ListFilters';
import { filterByText } from '../lib/text-filter';
import { TRASH_KEY } from './TrashTab';
import { HistorySection } from '../components/HistorySection';
import { useEditConflict, type ConflictField } from '../components/EditConflict';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';

export const FAQS_KEY = ['/api/admin/faqs'];

export function FaqsTab() {
  const faqs = useQuery<Faq[]>({ queryKey: FAQS_KEY });
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const deniedDelete = useDenied('delete', '/api/admin/faqs/{id}');
  const remove = useAdminMutation<Faq>({
    mutationFn: (write, f) => write('DELETE', `/api/admin/faqs/${f.id}`, undefined, { version: f.version }),
    invalidate: [FAQS_KEY, ['/api/faqs'], TRASH_KEY],
    success: 'FAQ moved to the trash',
    failure: 'Failed to delete FAQ',
  });
  const [q, setQ] = useState('');
  const sorted = faqs.data ? [...faqs.data].sort((a, b) => a.sortOrder - b.sortOrder) : [];
  const shown = filterByText(sorted, q, (f) => [f.question, f.answer]);

  return (
    <section>
      <TabHeader title="FAQs" description="Questions and answers shown on the home page, lowest order first.">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add FAQ
        </Button>
      </TabHeader>
      {faqs.isPending ? (
        <Loading text="Loading FAQs..." />
      ) : faqs.isError ? (
        <LoadError what="FAQs" error={faqs.error} onRetry={() => void faqs.refetch()} />
      ) : sorted.length === 0 ? (
        <Empty>No FAQs yet. Add the first one.</Empty>
      ) : (
        <>
          <ListToolbar label="FAQs">
            <ListSearch label="Search FAQs" placeholder="Question or answer" onSearch={setQ} />
          </ListToolbar>
          {shown.length === 0 ? (
            <Empty>No FAQs match &quot;{q}&quot;.</Empty>
          ) : (
            <ul className="grid gap-3">
              {shown.map((f) => (
                <li key={f.id}>
                  <Card>
                    <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                      <div className="min-w-0 flex-1">
                        <h3 className="font-semibold">
                          <bdi>{f.question}</bdi>
                        </h3>
                        <p className="mt-1 whitespace-pre-wrap text-sm text-muted-foreground" dir="auto">
                          {f.answer}
                        </p>
                        <div className="mt-2 flex flex-wrap gap-2">
                          <Badge variant="outline">Order: {f.sortOrder}</Badge>
                          {f.isActive ? (
                            <Badge variant="success">Active</Badge>
                          ) : (
                            <Badge variant="secondary">Inactive</Badge>
                          )}
                        </div>
                      </div>
                      <div className="flex gap-2">
                        <Button
                          variant="outline"
                          size="icon"
                          onClick={() => setEditing(f)}
                          aria-label={`Edit FAQ ${f.question}`}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        <ConfirmDelete
                          what="FAQ"
                          name={f.question}
                          toTrash
                          denied={deniedDelete}
                          onConfirm={() => remove.mutate(f)}
                        />
                      </div>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <FaqDialog faq={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

const emptyFaq: FaqInput = { question: '', answer: '', isActive: true, sortOrder: 0 };
const faqForm = (f: Faq): FaqInput => ({
  question: f.question,
  answer: f.answer,
  isActive: f.isActive,
  sortOrder: f.sortOrder,
});
const FAQ_FIELDS: ConflictField<FaqInput>[] = [
  { name: 'question', label: 'Question' },
  { name: 'answer', label: 'Answer' },
  { name: 'sortOrder', label: 'Order' },
  { name: 'isActive', label: 'Active' },
];

export function FaqDialog({ faq, onClose }: { faq: Faq | 'new' | null; onClose: () => void }) {
  const isNew = faq === 'new';
  const form = useForm<FaqInput, unknown, FaqFields>({
    resolver: zodResolver(faqInput),
    defaultValues: emptyFaq,
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const { errors } = formState;
  useEffect(() => {
    if (faq) reset(faq === 'new' ? emptyFaq : faqForm(faq));
  }, [faq, reset]);
  const conflict = useEditConflict({
    entity: faq,
    form,
    toForm: faqForm,
    fields: FAQ_FIELDS,
    listKey: FAQS_KEY,
    what: 'FAQ',
  });
  const save = useAdminMutation<FaqFields>({
    mutationFn: (write, body) =>
      isNew
        ? write('POST', '/api/admin/faqs', body)
        : write('PUT', `/api/admin/faqs/${conflict.entity!.id}`, body, { version: conflict.version }),
    invalidate: [FAQS_KEY, ['/api/faqs']],
    success: isNew ? 'FAQ created successfully' : 'FAQ updated successfully',
    failure: isNew ? 'Failed to create FAQ' : 'Failed to update FAQ',
    onSuccess: onClose,
    onStale: conflict.onStale,
  });

  return (
    <Dialog open={faq !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isNew ? 'Add FAQ' : 'Edit FAQ'}</DialogTitle>
          <DialogDescription>Question and answer are required.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))} className="grid gap-4">
          <Field label="Question" required error={errors.question?.message}>
            <Input {...register('question')} />
          </Field>
          <Field label="Answer" required error={errors.answer?.message}>
            <Textarea rows={5} {...register('answer')} />
          </Field>
          <Field label="Order" error={errors.sortOrder?.message} hint="Lower numbers are shown first.">
            <Input type="number" step={1} {...register('sortOrder')} />
          </Field>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <SwitchRow label="Active" hint="Show this FAQ on the site">
                <Switch checked={!!field.value} onCheckedChange={field.onChange} />
              </SwitchRow>
            )}
          />
          {conflict.panel}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : isNew ? 'Create FAQ' : 'Update FAQ'}
            </Button>
          </DialogFooter>
        </form>
        {faq && faq !== 'new' && <HistorySection entityType="faq" id={faq.id} name={faq.question} />}
      </DialogContent>
    </Dialog>
  );
}
