// The toast viewport's code (Radix Toast), fetched after hydration: no toast can show before the page is interactive.
export { Toaster, ToastAction } from '@12yards/ui';
