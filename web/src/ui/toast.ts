import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { loadWhenOnline } from './loadWhenOnline';

/** Success toasts last 2 s, errors and others 4 s, loading toasts stay until dismissed. */
export const TOAST_DURATION = { success: 2000, other: 4000, loading: Infinity } as const;
export const MAX_VISIBLE_TOASTS = 20;

// The toast library is not needed to show the first screen: it loads next to it (main.tsx's Toaster) or with the
// first toast, whichever comes first. A toast asked for meanwhile shows once it has loaded.
let sonner: Promise<typeof import('sonner')> | undefined;
export const loadToasts = () => (sonner ??= loadWhenOnline(() => import('sonner')));

const show = (call: (toast: typeof sonnerToast) => unknown) => void loadToasts().then(({ toast }) => call(toast));

/** The app's toasts, with the spec's durations built in. */
export const notify = {
  success: (message: string, options?: ExternalToast) =>
    show((toast) => toast.success(message, { duration: TOAST_DURATION.success, ...options })),
  error: (message: string, options?: ExternalToast) =>
    show((toast) => toast.error(message, { duration: TOAST_DURATION.other, ...options })),
  info: (message: string, options?: ExternalToast) => show((toast) => toast(message, { duration: TOAST_DURATION.other, ...options })),
  loading: (message: string, options?: ExternalToast) =>
    show((toast) => toast.loading(message, { duration: TOAST_DURATION.loading, ...options })),
  dismiss: (id?: string | number) => show((toast) => toast.dismiss(id)),
};
