import type { FormEventHandler, ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@12yards/ui';

/**
 * The one form dialog of the admin: title and description, the form's fields, Cancel and the submit button (its
 * word while the request runs: 'Saving...' or `pendingText`), and what follows the form (the History panel).
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  className,
  onSubmit,
  submit,
  pending,
  pendingText = 'Saving...',
  busy,
  children,
  after,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: string;
  /** The request runs: the submit button is held and says `pendingText`. */
  pending: boolean;
  pendingText?: string;
  /** Something else holds the submit button (an upload). */
  busy?: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {children}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || busy}>
              {pending ? pendingText : submit}
            </Button>
          </DialogFooter>
        </form>
        {after}
      </DialogContent>
    </Dialog>
  );
}
