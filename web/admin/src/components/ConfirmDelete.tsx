import { Trash2 } from 'lucide-react';
import { TRASH_RETENTION_DAYS } from '@12yards/api';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { RoleButton } from '../kit/RoleButton';

interface ConfirmDeleteProps {
  /** What kind of thing is deleted, e.g. 'news article'; used in the button label and the question. */
  what: string;
  /** Its name as a user wrote it, e.g. 'Launch day': shown after `what`, bidi-isolated. */
  name?: string;
  /** Whether the name is shown in quotes (default true). */
  quoted?: boolean;
  onConfirm: () => void;
  disabled?: boolean;
  /** Show the word Delete (or `verb`) next to the icon. */
  withText?: boolean;
  /** The item goes to the trash, from where it can be restored, instead of away for good. */
  toTrash?: boolean;
  /** The action's word on the button and in the dialog instead of 'Delete' (e.g. 'Delete for good'). */
  verb?: string;
  /** The button's accessible name when the default (`<verb> <what> "<name>"`) does not fit. */
  label?: string;
  /** Why the signed-in admin may not do this (useDenied): the button is then disabled and says why. */
  denied?: string;
}

/** A Delete button that asks first. */
export function ConfirmDelete({
  what,
  name,
  quoted = true,
  onConfirm,
  disabled,
  withText,
  toTrash,
  verb = 'Delete',
  label,
  denied,
}: ConfirmDeleteProps) {
  const q = quoted ? '"' : '';
  const named = name !== undefined && (
    <>
      {' '}
      {q}
      <bdi>{name}</bdi>
      {q}
    </>
  );
  const accessibleName =
    label ?? (name === undefined ? `${verb} ${what}` : `${verb} ${what} ${q}${name}${q}`);
  const button = (
    <RoleButton
      denied={denied}
      label={accessibleName}
      size={withText ? 'sm' : 'icon'}
      destructive
      disabled={disabled}
    >
      <Trash2 aria-hidden="true" />
      {withText && verb}
    </RoleButton>
  );
  if (denied) return button;
  return (
    <ConfirmDialog
      trigger={button}
      title="Are you sure?"
      description={
        toTrash ? (
          <>
            This will move the {what}
            {named} to the trash. It can be restored from the Trash tab for {TRASH_RETENTION_DAYS} days.
          </>
        ) : (
          <>
            This will permanently delete the {what}
            {named}. This cannot be undone.
          </>
        )
      }
      action={verb}
      onConfirm={onConfirm}
    />
  );
}
