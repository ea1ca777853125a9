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
  /** What is deleted, e.g. 'news article "Launch day"'; used in the button label and the question. */
  what: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** Show the word Delete next to the icon. */
  withText?: boolean;
}

/** A Delete button that asks first. */
export function ConfirmDelete({ what, onConfirm, disabled, withText }: ConfirmDeleteProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size={withText ? 'sm' : 'icon'}
          disabled={disabled}
          aria-label={`Delete ${what}`}
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
            This will permanently delete the {what}. This cannot be undone.
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
