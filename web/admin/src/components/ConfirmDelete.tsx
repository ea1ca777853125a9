import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
} from '@12yards/ui';

interface ConfirmDeleteProps {
  /** What kind of thing is deleted, e.g. 'news article'; used in the button label and the question. */
  what: string;
  /** Its name as a user wrote it, e.g. 'Launch day': shown after `what`, bidi-isolated. */
  name?: string;
  /** Whether the name is shown in quotes (default true). */
  quoted?: boolean;
  onConfirm: () => void;
  disabled?: boolean;
  /** Show the word Delete next to the icon. */
  withText?: boolean;
}

/** A Delete button that asks first. */
export function ConfirmDelete({
  what,
  name,
  quoted = true,
  onConfirm,
  disabled,
  withText,
}: ConfirmDeleteProps) {
  const q = quoted ? '"' : '';
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size={withText ? 'sm' : 'icon'}
          disabled={disabled}
          aria-label={name === undefined ? `Delete ${what}` : `Delete ${what} ${q}${name}${q}`}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          {withText && 'Delete'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This will permanently delete the {what}
            {name !== undefined && (
              <>
                {' '}
                {q}
                <bdi>{name}</bdi>
                {q}
              </>
            )}
            . This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
