import { cloneElement, useId, type ReactElement } from 'react';
import { FieldError, Label } from '@12yards/ui';

interface FormFieldProps {
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  /**
   * The control; it receives id, aria-invalid, required and aria-describedby. `required` marks the field for the
   * browser and assistive technology; forms keep `noValidate`, so the zod messages show instead of the browser's.
   */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

export function FormField({ label, required, error, hint, children, className = '' }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`grid content-start gap-1.5 ${className}`}>
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
