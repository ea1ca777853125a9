export { cn } from './lib';
export * from './components/button';
export * from './components/input';
export * from './components/label';
export * from './components/card';
export * from './components/badge';
export * from './components/skeleton';
export * from './components/dialog';
export * from './components/accordion';
export * from './components/collapsible';
export * from './components/tooltip';
export * from './components/switch';
export * from './components/tabs';
export * from './components/select';
export * from './components/alert-dialog';
export * from './components/progress';
export {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastProps,
  type ToastActionElement,
} from './components/toast';
export {
  toast,
  useToast,
  reducer as toastReducer,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  type ToasterToast,
} from './components/use-toast';
export { Toaster } from './components/toaster';
export * from './components/alert-dialog';
export * from './components/progress';
