import type { ReactNode } from 'react';
import { Controller, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Input, Select, SelectContent, SelectTrigger, SelectValue, Switch, Textarea } from '@12yards/ui';
import { Field, SwitchRow } from '../components/Field';
import { optionItems } from '../components/ListFilters';

/** The validation message of one field (the schema's human text). */
export function errorOf<I extends FieldValues, F>(
  form: UseFormReturn<I, unknown, F>,
  name: Path<I>,
): string | undefined {
  const e = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name];
  return typeof e?.message === 'string' ? e.message : undefined;
}

/**
 * A text field of a resource form: an input (or, with `rows`, a textarea) registered under `name`, labelled, with
 * its hint and the schema's message.
 */
export function TextField<I extends FieldValues, F>({
  form,
  name,
  label,
  required,
  hint,
  rows,
  type,
  placeholder,
  className,
}: {
  form: UseFormReturn<I, unknown, F>;
  name: Path<I>;
  label: string;
  required?: boolean;
  hint?: string;
  /** A textarea of this many rows. */
  rows?: number;
  type?: 'text' | 'number' | 'date' | 'datetime-local' | 'email' | 'tel' | 'url';
  placeholder?: string;
  className?: string;
}) {
  const reg = form.register(name);
  const control = rows ? (
    <Textarea rows={rows} className={rows <= 2 ? 'min-h-16' : undefined} placeholder={placeholder} {...reg} />
  ) : (
    <Input
      type={type}
      step={type === 'number' ? 1 : type === 'datetime-local' ? 1 : undefined}
      placeholder={placeholder}
      {...reg}
    />
  );
  return (
    <Field label={label} required={required} hint={hint} error={errorOf(form, name)} className={className}>
      {control}
    </Field>
  );
}

/** A switch of a resource form (Active, Featured): a labelled row with its hint. */
export function SwitchField<I extends FieldValues, F>({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<I, unknown, F>;
  name: Path<I>;
  label: string;
  hint?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SwitchRow label={label} hint={hint}>
          <Switch checked={!!field.value} onCheckedChange={field.onChange} />
        </SwitchRow>
      )}
    />
  );
}

/** Two fields side by side from a small screen up. */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

/** The image a form field names (its URL), once there is one. */
export function ImagePreview<I extends FieldValues, F>({
  form,
  name,
  alt,
  className,
}: {
  form: UseFormReturn<I, unknown, F>;
  name: Path<I>;
  alt: string;
  className: string;
}) {
  const url = useWatch({ control: form.control, name }) as unknown;
  return typeof url === 'string' && url ? <img src={url} alt={alt} className={className} /> : null;
}

/** A choice of a resource form from a few options (Category, Type): a select labelled by its trigger. */
export function SelectField<I extends FieldValues, F>({
  form,
  name,
  label,
  required,
  options,
  placeholder,
}: {
  form: UseFormReturn<I, unknown, F>;
  name: Path<I>;
  label: string;
  required?: boolean;
  options: readonly { value: string; label: string }[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
}) {
  return (
    <Field label={label} required={required} error={errorOf(form, name)}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
            <SelectTrigger aria-label={label}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>{optionItems(options)}</SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}
