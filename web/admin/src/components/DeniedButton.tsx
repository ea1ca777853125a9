import { useId, useState, type ReactNode } from 'react';
import { Button, Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, cn } from '@12yards/ui';

interface DeniedButtonProps {
  /** Why the signed-in admin may not do this (see useDenied). */
  reason: string;
  /** The accessible name the button would have if it were allowed, e.g. 'Delete news article "Launch"'. */
  label: string;
  size?: 'sm' | 'icon';
  /** Coloured as the destructive action it stands for (Delete); others (Edit, Export) keep the neutral colour. */
  destructive?: boolean;
  children: ReactNode;
}

/**
 * A control the signed-in admin may not use: it looks disabled and does nothing, and says why on hover, on focus
 * and on a tap (a phone has no hover), as a tooltip and as its accessible description. It stays focusable so the
 * reason can be read from the keyboard.
 */
export function DeniedButton({
  reason,
  label,
  size = 'icon',
  destructive = false,
  children,
}: DeniedButtonProps) {
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  return (
    <TooltipProvider>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>
          <Button
            variant="outline"
            size={size}
            aria-disabled="true"
            aria-label={label}
            aria-describedby={reasonId}
            className={cn(
              'cursor-not-allowed opacity-60 hover:bg-background',
              destructive && 'text-destructive',
            )}
            onClick={(e) => {
              // Keeps the tooltip's own click handler (which closes it) from running: a tap shows the reason.
              e.preventDefault();
              setOpen(true);
            }}
          >
            {children}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{reason}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </TooltipProvider>
  );
}
