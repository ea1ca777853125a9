import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormDialog } from './FormDialog';
import { useAdminMutation } from '../lib/api';
import { HistorySection } from '../components/HistorySection';
import { useEditConflict, type ConflictField } from '../components/EditConflict';
import { capitalize, itemPath, type Resource, type Versioned } from './resource';

/** The form a resource dialog hands its fields. */
export type ResourceForm<I extends FieldValues, F> = UseFormReturn<I, unknown, F>;

/** [for a new one, for an existing one] */
type Pair = readonly [string, string];

/**
 * A resource with a form: the zod schema from packages/api (its labels and messages are the form's), the form of an
 * empty and of an existing item, the fields the conflict panel shows, and the dialog's words.
 */
export interface FormResource<T extends Versioned, I extends FieldValues, F, B = F> extends Resource<T> {
  schema: z.ZodType<F, I>;
  empty: I;
  toForm: (t: T) => I;
  /** The fields the admin sees, in order (a 412 shows those changed meanwhile). */
  fields: ConflictField<I>[];
  /** The words of the dialog: title, description and submit button, each [new, edit]. */
  dialog: { title: Pair; description?: string | Pair; submit: Pair };
  /** 'add' when the site says 'Screenshot added' (default 'create'). */
  createVerb?: 'create' | 'add';
  /** Where a new one is posted (default `path`). */
  createPath?: string;
  /** The request body from the form's output (default: as is). */
  toBody?: (values: F, entity: T | null) => B;
  /** What the conflict panel calls it (default `what`). */
  conflictWhat?: string;
}

const past = (verb: string) => (verb.endsWith('e') ? `${verb}d` : `${verb}ed`);

/**
 * The add/edit dialog of a resource: one react-hook-form over its zod schema, filled when it opens, saved with the
 * item's version (a 412 keeps what was typed and shows what changed), with the item's History below. `children`
 * draws the fields; `setBusy` holds Save while an upload runs.
 */
export function ResourceDialog<T extends Versioned, I extends FieldValues, F, B = F>({
  resource: r,
  entity,
  onClose,
  className,
  description: override,
  children,
}: {
  resource: FormResource<T, I, F, B>;
  entity: T | 'new' | null;
  onClose: () => void;
  className?: string;
  /** The description when it depends on the item (a file name). */
  description?: ReactNode;
  children: (form: UseFormReturn<I, unknown, F>, ctx: { setBusy: (busy: boolean) => void }) => ReactNode;
}) {
  const isNew = entity === 'new';
  const at = isNew ? 0 : 1;
  const form = useForm<I, unknown, F>({
    resolver: zodResolver(r.schema as never) as never,
    defaultValues: r.empty as DefaultValues<I>,
  });
  const { handleSubmit, reset } = form;
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (entity) reset(entity === 'new' ? r.empty : r.toForm(entity));
  }, [entity, reset, r]);
  const conflict = useEditConflict<T, I, F>({
    entity,
    form,
    toForm: r.toForm,
    fields: r.fields,
    listKey: r.key,
    what: r.conflictWhat ?? r.what,
  });
  const verb = isNew ? (r.createVerb ?? 'create') : 'update';
  const save = useAdminMutation<B>({
    mutationFn: (write, body) =>
      isNew
        ? write('POST', r.createPath ?? r.path, body)
        : write(
            (r.editMethod ?? 'put').toUpperCase() as 'PUT' | 'PATCH',
            itemPath(r, conflict.entity!.id),
            body,
            { version: conflict.version },
          ),
    invalidate: [r.key, ...(r.refresh ?? [])],
    success: `${capitalize(r.what)} ${past(verb)} successfully`,
    failure: `Failed to ${verb} ${r.what}`,
    onSuccess: onClose,
    onStale: conflict.onStale,
  });
  const description =
    override ??
    (typeof r.dialog.description === 'string' ? r.dialog.description : r.dialog.description?.[at]);
  const onSubmit = handleSubmit((values) =>
    save.mutate(r.toBody ? r.toBody(values, conflict.entity) : (values as unknown as B)),
  );

  return (
    <FormDialog
      open={entity !== null}
      onClose={onClose}
      title={r.dialog.title[at]}
      description={description}
      className={className}
      onSubmit={onSubmit}
      submit={r.dialog.submit[at]}
      pending={save.isPending}
      busy={busy}
      after={
        entity &&
        entity !== 'new' &&
        r.history && <HistorySection entityType={r.history} id={entity.id} name={r.name(entity)} />
      }
    >
      {children(form, { setBusy })}
      {conflict.panel}
    </FormDialog>
  );
}
