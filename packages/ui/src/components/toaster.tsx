import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/** The open dialog on top, if any (Radix marks open dialogs data-state="open"). */
function topDialog(): Element | undefined {
  const open = document.querySelectorAll(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  return open[open.length - 1];
}

/**
 * Escape with a toast on screen over an open dialog closes the dialog, as Escape in a dialog does (Radix would
 * dismiss the toast first: it is the newer layer). The toast stays until its time is up.
 */
function escapeClosesDialog(event: KeyboardEvent) {
  const dialog = topDialog();
  const close = dialog?.querySelector<HTMLElement>('[data-dialog-close]');
  if (!close) return;
  event.preventDefault();
  close.click();
}

export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, onEscapeKeyDown, ...props }) => (
        <Toast
          key={id}
          {...props}
          onEscapeKeyDown={(event) => {
            onEscapeKeyDown?.(event);
            if (!event.defaultPrevented) escapeClosesDialog(event);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
