import { cloneElement, useId, type ReactElement } from 'react';
import { FieldError, Label, cn } from '@12yards/ui';

interface FieldProps {
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  /** The control; it receives id, aria-invalid, required and aria-describedby (forms keep noValidate). */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled form control with its validation message. */
export function Field({ label, required, error, hint, children, className }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A labelled switch row (Featured, Published, Active). */
export function SwitchRow({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      {cloneElement(children, { id })}
    </div>
  );
}
