import { forwardRef, type ComponentProps } from 'react';
import { Button, cn } from '@12yards/ui';
import { DeniedButton } from '../components/DeniedButton';

type RoleButtonProps = Omit<ComponentProps<typeof Button>, 'size'> & {
  /** Why the signed-in admin may not do this (useDenied): a disabled button that says why instead. */
  denied: string | undefined;
  /** Its accessible name (also the denied one's). */
  label?: string;
  size?: 'sm' | 'icon';
  /** Coloured as the destructive action it stands for (Delete, Erase). */
  destructive?: boolean;
};

/**
 * One action with the role it needs: an outline button, or, when the role may not use it, a DeniedButton with the
 * same icon and words that says why. Forwards its ref and props, so it can be a dialog's trigger.
 */
export const RoleButton = forwardRef<HTMLButtonElement, RoleButtonProps>(function RoleButton(
  { denied, label, size, destructive, className, children, ...props },
  ref,
) {
  if (denied) {
    return (
      <DeniedButton reason={denied} label={label ?? ''} size={size} destructive={destructive}>
        {children}
      </DeniedButton>
    );
  }
  return (
    <Button
      ref={ref}
      variant="outline"
      size={size}
      aria-label={label}
      className={cn(destructive && 'text-destructive hover:text-destructive', className)}
      {...props}
    >
      {children}
    </Button>
  );
});
