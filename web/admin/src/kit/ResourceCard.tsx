import type { ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { Card, CardContent, cn } from '@12yards/ui';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { RoleButton } from './RoleButton';
import { useEditDenied, type Resource, type ResourceDelete, type Versioned } from './resource';

/**
 * One item of a list as a card: its media (an image, an icon), its title, a text, its badges and its actions.
 * 'row' lays them in a line from a small screen up (News, FAQs, Templates); 'tile' stacks them (Gallery, Media).
 */
export function ResourceCard({
  layout = 'row',
  media,
  title,
  titleClassName,
  text,
  badges,
  actions,
  footer,
}: {
  layout?: 'row' | 'tile';
  media?: ReactNode;
  title?: ReactNode;
  titleClassName?: string;
  text?: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
}) {
  const heading = title !== undefined && <h3 className={cn('font-semibold', titleClassName)}>{title}</h3>;
  const badgeRow = badges && <div className="flex flex-wrap items-center gap-2">{badges}</div>;
  if (layout === 'tile') {
    return (
      <Card className="h-full overflow-hidden">
        {media}
        <CardContent className="grid gap-2 p-3">
          {heading}
          {text}
          {badgeRow}
          {actions && <div className="flex items-center justify-end gap-2">{actions}</div>}
          {footer}
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start">
        {media}
        <div className="grid min-w-0 flex-1 gap-1">
          {heading}
          {text}
          {badgeRow && <div className="mt-1">{badgeRow}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        {footer}
      </CardContent>
    </Card>
  );
}

/**
 * The Edit and Delete of one item, each with the role it needs: an action the signed-in admin may not use is
 * disabled and says why. `withText` shows the words next to the icons; `extra` goes first (Download, View).
 */
export function RowActions<T extends Versioned>({
  resource,
  item,
  del,
  onEdit,
  editLabel,
  withText,
  editText = withText,
  extra,
  deleteNamed = true,
}: {
  resource: Resource<T>;
  item: T;
  del?: ResourceDelete<T>;
  onEdit?: (item: T) => void;
  /** The Edit button's accessible name (default 'Edit <what> <name>'). */
  editLabel?: string;
  withText?: boolean;
  /** The word Edit beside its icon (default: as withText). */
  editText?: boolean;
  extra?: ReactNode;
  /** The Delete question names the item (default true). */
  deleteNamed?: boolean;
}) {
  const name = resource.name(item);
  return (
    <>
      {extra}
      {onEdit && (
        <EditButton
          resource={resource}
          label={editLabel ?? `Edit ${resource.what} ${name ?? item.id}`}
          withText={editText}
          onClick={() => onEdit(item)}
        />
      )}
      {del && (
        <ConfirmDelete
          what={resource.what}
          name={deleteNamed ? name : undefined}
          toTrash={resource.toTrash}
          withText={withText}
          denied={del.denied}
          onConfirm={() => del.remove.mutate(item)}
        />
      )}
    </>
  );
}

/** Edit, or (the role may not edit) a disabled Edit that says why. */
function EditButton<T extends Versioned>({
  resource,
  label,
  withText,
  onClick,
}: {
  resource: Resource<T>;
  label: string;
  withText?: boolean;
  onClick: () => void;
}) {
  return (
    <RoleButton
      denied={useEditDenied(resource)}
      label={label}
      size={withText ? 'sm' : 'icon'}
      onClick={onClick}
    >
      <Pencil aria-hidden="true" />
      {withText && 'Edit'}
    </RoleButton>
  );
}

/**
 * The heading of a card that lays out its own body (an application, a message): its title, a line under it and a
 * badge on the right that wraps below on a narrow card. `truncate` keeps title and line to one line each.
 */
export function CardHeading({
  title,
  subtitle,
  badge,
  truncate,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  badge: ReactNode;
  truncate?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h3 className={cn('text-lg font-semibold', truncate && 'truncate')}>{title}</h3>
        <p className={cn('text-sm text-muted-foreground', truncate && 'truncate')}>{subtitle}</p>
      </div>
      {badge}
    </div>
  );
}
